//! `select_and_scatter` (the gradient of max pooling) as ops the fusion and the tile pass
//! take. By the spec, each window of the padded operand selects one element, the first of its
//! elements unless `select(current, candidate)` is false, which makes the candidate current;
//! padding is never selected. The result is the init value everywhere, with each source
//! element combined by `scatter(result, source)` into the element its window selected, in the
//! source's row-major order.
//!
//! - Selection: window position 0's read is current; each later position `p` whose read is
//!   an element takes its place when the select body of (current, read) is false, and `p`
//!   becomes the window's choice (an `i32` per window). With padding, a window that has not
//!   yet read an element takes the first it reads.
//! - Scatter: the result starts as the init broadcast over the padded operand; for each
//!   position `p`, last to first, the windows that chose `p` place their source element by a
//!   `pad` with interior `stride - 1` and edges that put window 0's element at `p`'s offset,
//!   and the scatter body combines it where placed (a `select` by the placed choice). Going
//!   from the last position to the first visits the windows that share an element in the
//!   source's order: a window further on reads the element at an earlier position.
//! - A scatter body that is one `add` with an init other than `-0.0` takes the cheaper form
//!   the spec's sum gives: the unchosen sources are zeros, and the sum adds each placement
//!   (`x + 0` is `x` for every `x` but `-0.0`).
//!
//! The result is the padded grid sliced back to the operand. Exact for any select and
//! scatter body that [`super::body`] takes.

use super::{apply, body, broadcast, inside, padded, Window};
use crate::conv_forms::{constant, dims_of, pad, slice, zero};
use crate::window_sums::combines_its_arguments;
use egfuse_ir::facts::splat_value;
use egfuse_ir::{ElemType, Module, OpId, Type, ValueId};

/// Rewrites `w` by the law above; `None`, with nothing created, when it is left as it is.
pub(super) fn rewrite(m: &mut Module, w: OpId) -> Option<()> {
    let o = m.op(w).clone();
    let [operand, source, init] = o.operands[..] else {
        return None;
    };
    let window = Window::of(m, w, operand, source)?;
    let shape = dims_of(m, operand);
    let negative = window.padding.iter().any(|&(l, h)| l < 0 || h < 0);
    let bodies = body::applies(m, w, 0, 2) && body::applies(m, w, 1, 2);
    if negative || !bodies || dims_of(m, o.results[0]) != shape {
        return None;
    }
    let src = dims_of(m, source);
    let holes = window.has_holes();
    let padded = padded(m, w, &window, operand);
    let valid = match holes {
        true => inside(m, w, &window, &shape, &src),
        false => Vec::new(),
    };
    let chosen = choose(m, w, &window, padded, &valid, &src)?;
    let grid = dims_of(m, padded);
    let mut result = broadcast(m, w, init, grid.clone());
    let sum = sum_form(m, w, init);
    for p in (0..window.positions()).rev() {
        let here = chosen.at(m, w, p, &src);
        let placed = |m: &mut Module, v: ValueId| place(m, w, &window, v, p, &grid);
        result = match sum {
            true => {
                let elem = m.ty(source).elem()?.clone();
                let scalar = zero(m, w, &elem);
                let zeros = broadcast(m, w, scalar, src.clone());
                let ty = m.ty(source).clone();
                let term = apply(m, w, "stablehlo.select", vec![here, source, zeros], ty);
                let term = placed(m, term);
                let ty = m.ty(result).clone();
                apply(m, w, "stablehlo.add", vec![result, term], ty)
            }
            false => {
                let (mask, value) = (placed(m, here), placed(m, source));
                let combined = body::apply(m, w, 1, &[result, value], &grid)?[0];
                let ty = m.ty(result).clone();
                apply(m, w, "stablehlo.select", vec![mask, combined, result], ty)
            }
        };
    }
    if holes {
        let start: Vec<i64> = window.padding.iter().map(|&(l, _)| l).collect();
        let limit = start.iter().zip(&shape).map(|(s, n)| s + n).collect();
        result = slice(m, w, result, [start, limit, vec![1; shape.len()]]);
    }
    m.replace_all_uses(o.results[0], result);
    m.erase_op(w).ok()
}

/// Each window's choice: the position it selected, and (with padding) whether it read an
/// element at all.
struct Chosen {
    position: ValueId,
    any: Option<ValueId>,
}

impl Chosen {
    /// Whether each window chose position `p`, one boolean per window of `src`.
    fn at(&self, m: &mut Module, w: OpId, p: i64, src: &[i64]) -> ValueId {
        let bools = Type::tensor(src.to_vec(), ElemType::I1);
        let k = constant(
            m,
            w,
            Type::tensor(src.to_vec(), ElemType::I32),
            &p.to_string(),
        );
        let props = vec![egfuse_ir::NamedAttr::new(
            "comparison_direction",
            egfuse_ir::Attr::Enum {
                dialect: "stablehlo".into(),
                kind: "comparison_direction".into(),
                value: "EQ".into(),
            },
        )];
        let is = m.create_before(
            w,
            ("stablehlo.compare", vec![self.position, k], props),
            bools.clone(),
        );
        match self.any {
            Some(any) => apply(m, w, "stablehlo.and", vec![is, any], bools),
            None => is,
        }
    }
}

/// The select body folded over the window positions of `padded` (see the module's doc).
fn choose(
    m: &mut Module,
    w: OpId,
    window: &Window,
    padded: ValueId,
    valid: &[ValueId],
    src: &[i64],
) -> Option<Chosen> {
    let bools = Type::tensor(src.to_vec(), ElemType::I1);
    let positions = Type::tensor(src.to_vec(), ElemType::I32);
    let mut current = window.read(m, w, padded, src, 0);
    let mut position = constant(m, w, Type::tensor(src.to_vec(), ElemType::I32), "0");
    let mut any = valid.first().copied();
    for p in 1..window.positions() {
        let read = window.read(m, w, padded, src, p);
        let keep = body::apply(m, w, 0, &[current, read], src)?[0];
        let mut take = apply(m, w, "stablehlo.not", vec![keep], bools.clone());
        if let Some(seen) = any {
            let first = apply(m, w, "stablehlo.not", vec![seen], bools.clone());
            let either = apply(m, w, "stablehlo.or", vec![first, take], bools.clone());
            take = apply(
                m,
                w,
                "stablehlo.and",
                vec![valid[p as usize], either],
                bools.clone(),
            );
            any = Some(apply(
                m,
                w,
                "stablehlo.or",
                vec![seen, valid[p as usize]],
                bools.clone(),
            ));
        }
        let ty = m.ty(current).clone();
        current = apply(m, w, "stablehlo.select", vec![take, read, current], ty);
        let k = constant(
            m,
            w,
            Type::tensor(src.to_vec(), ElemType::I32),
            &p.to_string(),
        );
        position = apply(
            m,
            w,
            "stablehlo.select",
            vec![take, k, position],
            positions.clone(),
        );
    }
    Some(Chosen { position, any })
}

/// `v`, one element per window, placed where position `p` of each window sits in the padded
/// grid of `grid`: a pad whose interior is the stride less one, its low edge `p`'s offset.
fn place(m: &mut Module, w: OpId, window: &Window, v: ValueId, p: i64, grid: &[i64]) -> ValueId {
    let start = window.start(p);
    let src = dims_of(m, v);
    let high = (0..grid.len())
        .map(|d| grid[d] - (start[d] + (src[d] - 1) * window.strides[d] + 1))
        .collect();
    let interior = window.strides.iter().map(|&s| s - 1).collect();
    let elem = m.ty(v).elem().cloned().expect("a tensor operand");
    let fill = zero(m, w, &elem);
    pad(m, w, v, fill, [start, high, interior])
}

/// Whether the scatter body of `w` is one `add` of its arguments and `init` cannot be `-0.0`
/// (see the module's doc).
fn sum_form(m: &Module, w: OpId, init: ValueId) -> bool {
    let block = m.region(m.op(w).regions[1]).blocks[0];
    let ops = &m.block(block).ops;
    let add = ops.len() == 2
        && &*m.op(ops[0]).name == "stablehlo.add"
        && m.op(ops[1]).operands[..] == m.op(ops[0]).results[..]
        && combines_its_arguments(m, w, 1);
    let float = m.ty(init).elem().is_some_and(ElemType::is_float);
    let negative_zero = match splat_value(m, init, true) {
        Some(v) => v == 0.0 && v.is_sign_negative(),
        None => float,
    };
    add && !negative_zero
}
