//! Computations given as regions: reduce and scatter bodies, sort comparators, `select` of
//! `select_and_scatter`, `map` bodies. A body runs on scalar tensors through
//! [`Interpreter::run_region`]; the common shapes have fast paths that skip the interpreter:
//! one binary op of the arithmetic family on the two block arguments (`add`, `maximum`, `and`,
//! ...) and one `compare` of the two block arguments.

use super::scalar::{binary_complex, binary_float, binary_int};
use super::tensor::{Data, Elem, Tensor};
use super::{Interpreter, Rt};
use egfuse_ir::{OpId, RegionId, Type};
use num_complex::Complex64;
use std::cmp::Ordering;

/// The binary ops a fold body may consist of.
const FOLD_OPS: &[&str] = &["add", "multiply", "maximum", "minimum", "and", "or", "xor"];

/// An elementwise kernel for the fast path, on the body's element type.
enum Kernel {
    /// A float `add`: a reduction with it sums pairwise (see [`Body::float_sum`]).
    Sum(Elem),
    Float(Elem, fn(f64, f64) -> f64),
    Int(Elem, Box<dyn Fn(i128, i128) -> i128>),
    Complex(Elem, fn(Complex64, Complex64) -> Complex64),
    /// `compare` with a direction and whether the order is total (`TOTALORDER`).
    Compare(String, bool),
}

/// Region `index` of an op, ready to be called on elements.
pub struct Body {
    region: RegionId,
    owner: OpId,
    fast: Option<Kernel>,
}

impl Body {
    pub fn new(cx: &Interpreter, op: OpId, index: usize) -> Result<Body, String> {
        let region = *cx
            .module
            .op(op)
            .regions
            .get(index)
            .ok_or_else(|| format!("missing region {index}"))?;
        let fast = fast_kernel(cx, region);
        Ok(Body {
            region,
            owner: op,
            fast,
        })
    }

    /// `accs[k][ai] = body(accs[0][ai], ..., srcs[0][si], ...)[k]` for every `k`.
    pub fn fold(
        &self,
        cx: &mut Interpreter,
        accs: &mut [Tensor],
        ai: usize,
        srcs: &[&Tensor],
        si: usize,
    ) -> Result<(), String> {
        if let ([acc], [src], Some(k)) = (&mut *accs, srcs, &self.fast) {
            if fold_fast(k, &mut acc.data, ai, &src.data, si) {
                return Ok(());
            }
        }
        let mut args: Vec<(&Tensor, usize)> = accs.iter().map(|t| (t, ai)).collect();
        args.extend(srcs.iter().map(|t| (*t, si)));
        let out = self.call(cx, &args)?;
        if out.len() != accs.len() {
            return Err(format!(
                "the body returns {} values for {} accumulators",
                out.len(),
                accs.len()
            ));
        }
        for (acc, r) in accs.iter_mut().zip(&out) {
            store(acc, ai, r)?;
        }
        Ok(())
    }

    /// The element kind, when the body is one float `add` of its two arguments: a reduction
    /// with it may sum in any order (the spec leaves the schedule to the implementation), and
    /// sums pairwise, so its rounding error grows with the log of the count, not the count.
    pub fn float_sum(&self) -> Option<&Elem> {
        match &self.fast {
            Some(Kernel::Sum(e)) => Some(e),
            _ => None,
        }
    }

    /// Runs a predicate body (a comparator or `select`) on the given elements.
    pub fn test(&self, cx: &mut Interpreter, args: &[(&Tensor, usize)]) -> Result<bool, String> {
        if let (Some(Kernel::Compare(dir, total)), [(a, i), (b, j)]) = (&self.fast, args) {
            if let Some(v) = compare_fast(dir, *total, &a.data, *i, &b.data, *j) {
                return Ok(v);
            }
        }
        let out = self.call(cx, args)?;
        out.first()
            .and_then(Tensor::ints)
            .and_then(|v| v.first().copied())
            .map(|v| v != 0)
            .ok_or_else(|| "the predicate body must return an i1".to_string())
    }

    /// Runs the body on scalar tensors made of the given elements; returns its results.
    pub fn call(
        &self,
        cx: &mut Interpreter,
        args: &[(&Tensor, usize)],
    ) -> Result<Vec<Tensor>, String> {
        let rts = args
            .iter()
            .map(|(t, i)| Rt::tensor(element(t, *i)))
            .collect();
        let out = cx
            .run_region(self.region, rts, Some(self.owner))
            .map_err(|e| e.message)?;
        out.into_iter()
            .map(|r| match r {
                Rt::Tensor(t) => Ok(Tensor::clone(&t)),
                _ => Err("the body must return tensors".to_string()),
            })
            .collect()
    }
}

/// Element `i` of `t` as a scalar tensor.
pub fn element(t: &Tensor, i: usize) -> Tensor {
    Tensor::scalar(t.elem.clone(), t.data.select(std::iter::once(i)))
}

/// Writes the scalar `r` into element `i` of `acc`.
fn store(acc: &mut Tensor, i: usize, r: &Tensor) -> Result<(), String> {
    if r.len() != 1 || std::mem::discriminant(&r.data) != std::mem::discriminant(&acc.data) {
        return Err(format!(
            "the body returns a {} value for a {} accumulator",
            r.elem.name(),
            acc.elem.name()
        ));
    }
    acc.data.set_from(i, &r.data, 0);
    Ok(())
}

fn fold_fast(k: &Kernel, acc: &mut Data, ai: usize, src: &Data, si: usize) -> bool {
    match (k, acc, src) {
        (Kernel::Sum(e), Data::Float(a), Data::Float(s)) => a[ai] = e.round(a[ai] + s[si]),
        (Kernel::Float(e, f), Data::Float(a), Data::Float(s)) => a[ai] = e.round(f(a[ai], s[si])),
        (Kernel::Int(e, f), Data::Int(a), Data::Int(s)) => a[ai] = e.wrap(f(a[ai], s[si])),
        (Kernel::Complex(e, f), Data::Complex(a), Data::Complex(s)) => {
            let z = f(a[ai], s[si]);
            a[ai] = Complex64::new(e.round(z.re), e.round(z.im));
        }
        _ => return false,
    }
    true
}

fn compare_fast(dir: &str, total: bool, a: &Data, i: usize, b: &Data, j: usize) -> Option<bool> {
    let ord = match (a, b) {
        (Data::Float(x), Data::Float(y)) if total => Some(x[i].total_cmp(&y[j])),
        (Data::Float(x), Data::Float(y)) => x[i].partial_cmp(&y[j]),
        (Data::Int(x), Data::Int(y)) => Some(x[i].cmp(&y[j])),
        _ => return None,
    };
    Some(match dir {
        "EQ" => ord == Some(Ordering::Equal),
        "NE" => ord != Some(Ordering::Equal),
        "LT" => ord == Some(Ordering::Less),
        "LE" => matches!(ord, Some(Ordering::Less | Ordering::Equal)),
        "GT" => ord == Some(Ordering::Greater),
        "GE" => matches!(ord, Some(Ordering::Greater | Ordering::Equal)),
        _ => return None,
    })
}

/// The fast kernel of a region that is one binary op (or `compare`) of its two arguments.
fn fast_kernel(cx: &Interpreter, region: RegionId) -> Option<Kernel> {
    let m = cx.module;
    let [block] = m.region(region).blocks[..] else {
        return None;
    };
    let b = m.block(block);
    let ([a0, a1], [op, ret]) = (&b.args[..], &b.ops[..]) else {
        return None;
    };
    let (o, r) = (m.op(*op), m.op(*ret));
    if o.results.len() != 1 || r.operands[..] != o.results[..] {
        return None;
    }
    let stem = o.name.split_once('.').map(|(_, s)| s)?;
    let commutative = stem != "compare";
    let in_order = o.operands[..] == [*a0, *a1];
    if !(in_order || commutative && o.operands[..] == [*a1, *a0]) {
        return None;
    }
    let elem = match m.ty(*a0) {
        Type::Tensor(t) => cx.numerics.elem(&t.elem).ok()?,
        _ => return None,
    };
    if stem == "compare" {
        let dir = o
            .attr("comparison_direction")?
            .enum_value("comparison_direction")?;
        let total = o
            .attr("compare_type")
            .and_then(|a| a.enum_value("comparison_type"))
            == Some("TOTALORDER");
        return Some(Kernel::Compare(dir.to_string(), total));
    }
    if !FOLD_OPS.contains(&stem) || m.ty(*a1) != m.ty(*a0) || m.ty(o.results[0]) != m.ty(*a0) {
        return None;
    }
    Some(match elem {
        Elem::Float(_) if stem == "add" => Kernel::Sum(elem),
        Elem::Float(_) => Kernel::Float(elem, binary_float(stem)?),
        Elem::Int { width, signed } => Kernel::Int(elem, binary_int(stem, width, signed)?),
        Elem::Complex(_) => Kernel::Complex(elem, binary_complex(stem)?),
        Elem::Quant(_) => return None,
    })
}
