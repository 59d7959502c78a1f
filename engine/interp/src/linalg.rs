//! Dense linear algebra on batches of matrices (the trailing two dimensions): `triangular_solve`
//! and `cholesky`.
//!
//! Both compute in `f64` (or `Complex64`) and round to the element type once at the end. XLA's
//! CPU backend expands them into blocked algorithms that run in the element type (`f32`, with
//! `bf16`/`f16` upcast to `f32`), so its results carry the rounding of every substitution step;
//! for well-conditioned inputs the two differ by a few ulps, for ill-conditioned ones by up to
//! the condition number times that. (For a batch of 8 or fewer matrices XLA solves by
//! inverting the triangle and multiplying, `x = inv(a) b`, which rounds differently again; an
//! `f32` substitution emulation did not get closer to its values than the exact solve.)
//!
//! Implementation-defined cases follow XLA: `cholesky` reads only the requested triangle,
//! writes zeros to the other one, and gives NaN for the whole matrix when it is not positive
//! definite; `triangular_solve` reads only the requested triangle of `a`.

use super::dispatch::Claim;
use super::opattr::{bool_attr, enum_attr};
use super::tensor::{Data, Elem, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;
use num_complex::Complex64;
use std::ops::{Div, Mul, Sub};

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(match (stem, args) {
        ("triangular_solve", [a, b]) => triangular_solve(cx, op, a, b),
        ("cholesky", [a]) => cholesky(cx, op, a),
        ("triangular_solve" | "cholesky", _) => Err(format!("{stem} has the wrong operand count")),
        _ => return None,
    })
}

/// A field the solvers run over: `f64` or `Complex64`.
trait Field:
    Copy + Default + PartialEq + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    fn one() -> Self;
    fn conj(self) -> Self;
    /// The real part, for the positive-definiteness test and square roots.
    fn re(self) -> f64;
    fn from_re(x: f64) -> Self;
}

impl Field for f64 {
    fn one() -> f64 {
        1.0
    }
    fn conj(self) -> f64 {
        self
    }
    fn re(self) -> f64 {
        self
    }
    fn from_re(x: f64) -> f64 {
        x
    }
}

impl Field for Complex64 {
    fn one() -> Complex64 {
        Complex64::new(1.0, 0.0)
    }
    fn conj(self) -> Complex64 {
        Complex64::conj(&self)
    }
    fn re(self) -> f64 {
        self.re
    }
    fn from_re(x: f64) -> Complex64 {
        Complex64::new(x, 0.0)
    }
}

/// The trailing square dimension of `t`, and the number of matrices before it.
fn square(t: &Tensor, what: &str) -> Result<(usize, usize), String> {
    let r = t.rank();
    if r < 2 || t.shape[r - 1] != t.shape[r - 2] {
        return Err(format!(
            "{what} must be a batch of square matrices, got shape {:?}",
            t.shape
        ));
    }
    let m = t.shape[r - 1];
    Ok((m, t.shape[..r - 2].iter().product()))
}

/// How `triangular_solve` reads `a`.
#[derive(Clone, Copy)]
struct Solve {
    left: bool,
    lower: bool,
    unit: bool,
    transpose: bool,
    conjugate: bool,
}

fn triangular_solve(
    cx: &Interpreter,
    op: OpId,
    a: &Tensor,
    b: &Tensor,
) -> Result<Vec<Tensor>, String> {
    let (m, batches) = square(a, "triangular_solve's `a`")?;
    let r = a.rank();
    let side = if bool_attr(cx, op, "left_side") {
        r - 2
    } else {
        r - 1
    };
    if b.rank() != r || a.shape[..r - 2] != b.shape[..r - 2] || b.shape[side] != m {
        return Err(format!(
            "`b` of shape {:?} does not fit `a` of shape {:?}",
            b.shape, a.shape
        ));
    }
    let mode = enum_attr(cx, op, "transpose_a", "transpose").unwrap_or("NO_TRANSPOSE");
    let s = Solve {
        left: bool_attr(cx, op, "left_side"),
        lower: bool_attr(cx, op, "lower"),
        unit: bool_attr(cx, op, "unit_diagonal"),
        transpose: mode != "NO_TRANSPOSE",
        conjugate: mode == "ADJOINT",
    };
    let n = b.len() / batches.max(1);
    let data = match (&a.data, &b.data) {
        (Data::Float(x), Data::Float(y)) => Data::Float(solve_batches(x, y, m, n, batches, s)),
        (Data::Complex(x), Data::Complex(y)) => {
            Data::Complex(solve_batches(x, y, m, n, batches, s))
        }
        _ => return Err("triangular_solve needs float or complex operands of one kind".into()),
    };
    Ok(vec![round(&b.elem, b.shape.clone(), data)])
}

fn solve_batches<T: Field>(
    a: &[T],
    b: &[T],
    m: usize,
    n: usize,
    batches: usize,
    s: Solve,
) -> Vec<T> {
    let mut out = Vec::with_capacity(b.len());
    for k in 0..batches {
        let op_a = effective(&a[k * m * m..(k + 1) * m * m], m, s);
        out.extend(solve_one(&op_a, &b[k * n..(k + 1) * n], m, n / m.max(1), s));
    }
    out
}

/// `op(a)` restricted to the chosen triangle, as a dense row-major matrix, together with
/// whether it is lower triangular.
fn effective<T: Field>(a: &[T], m: usize, s: Solve) -> (Vec<T>, bool) {
    let mut t = vec![T::default(); m * m];
    for i in 0..m {
        for j in 0..m {
            let inside = if s.lower { j <= i } else { j >= i };
            let v = if i == j && s.unit {
                T::one()
            } else if inside {
                a[i * m + j]
            } else {
                continue;
            };
            let v = if s.conjugate { v.conj() } else { v };
            let (r, c) = if s.transpose { (j, i) } else { (i, j) };
            t[r * m + c] = v;
        }
    }
    (t, s.lower != s.transpose)
}

/// Solves `A x = b` for every column of `b` (left) or `x A = b` for every row (right).
fn solve_one<T: Field>(
    (a, lower): &(Vec<T>, bool),
    b: &[T],
    m: usize,
    n: usize,
    s: Solve,
) -> Vec<T> {
    let left = s.left;
    let mut x = b.to_vec();
    // Right side: x A = b  <=>  A^T x^T = b^T, with A^T triangular the other way.
    let at = |i: usize, j: usize| if left { a[i * m + j] } else { a[j * m + i] };
    let lower = if left { *lower } else { !*lower };
    let at_b = |row: usize, col: usize| if left { row * n + col } else { col * m + row };
    for col in 0..n {
        let order: Vec<usize> = if lower {
            (0..m).collect()
        } else {
            (0..m).rev().collect()
        };
        for (step, &i) in order.iter().enumerate() {
            let mut v = x[at_b(i, col)];
            for &j in &order[..step] {
                v = v - at(i, j) * x[at_b(j, col)];
            }
            x[at_b(i, col)] = v / at(i, i);
        }
    }
    x
}

fn cholesky(cx: &Interpreter, op: OpId, a: &Tensor) -> Result<Vec<Tensor>, String> {
    let (m, batches) = square(a, "cholesky's operand")?;
    let lower = bool_attr(cx, op, "lower");
    let data = match &a.data {
        Data::Float(v) => Data::Float(cholesky_batches(v, m, batches, lower)),
        Data::Complex(v) => Data::Complex(cholesky_batches(v, m, batches, lower)),
        Data::Int(_) => return Err("cholesky needs a float or complex operand".to_string()),
    };
    Ok(vec![round(&a.elem, a.shape.clone(), data)])
}

fn cholesky_batches<T: Field>(a: &[T], m: usize, batches: usize, lower: bool) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len());
    for k in 0..batches {
        let block = &a[k * m * m..(k + 1) * m * m];
        // Work on the lower factor L; the upper factor is U = L^H of the transposed input.
        let at = |i: usize, j: usize| {
            if lower {
                block[i * m + j]
            } else {
                block[j * m + i].conj()
            }
        };
        let l = factor(at, m);
        for i in 0..m {
            for j in 0..m {
                out.push(match &l {
                    None => T::from_re(f64::NAN),
                    Some(l) if lower => l[i * m + j],
                    Some(l) => l[j * m + i].conj(),
                });
            }
        }
    }
    out
}

/// The Cholesky–Banachiewicz factor of the Hermitian matrix whose lower triangle `at` reads;
/// `None` when it is not positive definite.
fn factor<T: Field>(at: impl Fn(usize, usize) -> T, m: usize) -> Option<Vec<T>> {
    let mut l = vec![T::default(); m * m];
    for i in 0..m {
        for j in 0..=i {
            let mut s = at(i, j);
            for k in 0..j {
                s = s - l[i * m + k] * l[j * m + k].conj();
            }
            if i == j {
                let d = s.re();
                if d.is_nan() || d <= 0.0 {
                    return None;
                }
                l[i * m + i] = T::from_re(d.sqrt());
            } else {
                l[i * m + j] = s / l[j * m + j];
            }
        }
    }
    Some(l)
}

fn round(elem: &Elem, shape: Vec<usize>, data: Data) -> Tensor {
    let data = match data {
        Data::Float(v) => Data::Float(v.into_iter().map(|x| elem.round(x)).collect()),
        Data::Complex(v) => Data::Complex(
            v.into_iter()
                .map(|z| Complex64::new(elem.round(z.re), elem.round(z.im)))
                .collect(),
        ),
        other => other,
    };
    Tensor::new(elem.clone(), shape, data)
}
