//! The fast path of `dot_general`: a batched matrix product whose every output element is
//! summed in `f32` (for results of `f32` or narrower) or `f64` (for `f64` results, and every
//! float under `--numerics exact`) in the order of the contracted index, exactly as the
//! generic kernel in [`super::dot`] sums it, so the two give the same bits.
//!
//! Why the same bits in `f32`: operands of `f32` or a narrower float type are exact in `f32`;
//! the generic kernel forms each product in `f64` (exact for two `f32` values) and rounds it
//! to `f32`, which is the `f32` product; it adds in `f64` and rounds to `f32`, and rounding the
//! `f64` sum of two `f32` values to `f32` is the correctly rounded `f32` sum (53 >= 2 * 24 + 2).
//! In `f64` the generic kernel rounds nothing beyond `f64`'s own product and sum, as here.
//! Rust does not contract `a * b + c` into a fused multiply-add, so the loops below round
//! the product and the sum separately too.
//!
//! Speed comes from the loop order, not from reassociation: for a block of output rows and a
//! block of output columns, the contracted index runs outermost and the columns innermost, so
//! the inner loop updates independent accumulators held in a small contiguous slice, which the
//! compiler vectorises, while each accumulator still sees its terms in index order. The
//! contracted index is split into panels taken in order, so that too leaves the order alone.

use std::ops::{AddAssign, Mul};

/// The element types the product runs in, from the interpreter's `f64` values.
pub trait Scalar: Copy + Default + Mul<Output = Self> + AddAssign {
    /// `x` in this type (exact: the operands are values of a type no wider than it).
    fn of(x: f64) -> Self;
}

impl Scalar for f32 {
    fn of(x: f64) -> f32 {
        x as f32
    }
}

impl Scalar for f64 {
    fn of(x: f64) -> f64 {
        x
    }
}

/// Rows of the output updated together (each reuses the loaded row segment of `rhs`).
const ROWS: usize = 4;
/// Columns of the output updated together (the accumulators stay in the L1 cache).
const COLS: usize = 512;
/// Contracted indices taken together: the panel of `rhs` they select (`DEPTH` by `COLS`, at
/// most 1 MiB in `f64`) stays in the L2 cache while every row block of the output reads it,
/// where without it each row block streamed all of `rhs` from memory.
const DEPTH: usize = 256;

/// A batched product `out[b][m][n] = sum_k lhs[b][m][k] * rhs[b][k][n]`, row-major.
#[derive(Clone, Copy, Debug)]
pub struct Gemm {
    pub batch: usize,
    pub m: usize,
    pub k: usize,
    pub n: usize,
}

impl Gemm {
    /// Computes the product in `T`; `lhs` is `[batch][m][k]` and `rhs` is `[batch][k][n]`, read
    /// where they are (each panel of `rhs` is taken into `T` once, each `lhs` value as it is
    /// used), so that no operand is copied whole.
    pub fn run<T: Scalar>(self, lhs: &[f64], rhs: &[f64]) -> Vec<T> {
        let Gemm { batch, m, k, n } = self;
        debug_assert_eq!(lhs.len(), batch * m * k);
        debug_assert_eq!(rhs.len(), batch * k * n);
        let mut out = vec![T::default(); batch * m * n];
        if m * n == 0 {
            return out;
        }
        for ((a, b), c) in lhs
            .chunks_exact(m * k.max(1))
            .zip(rhs.chunks_exact(k.max(1) * n))
            .zip(out.chunks_exact_mut(m * n))
        {
            if k > 0 {
                self.one(a, b, c);
            }
        }
        out
    }

    /// One matrix of the batch.
    fn one<T: Scalar>(self, a: &[f64], b: &[f64], c: &mut [T]) {
        let Gemm { m, k, n, .. } = self;
        let mut panel: Vec<T> = Vec::with_capacity(DEPTH * COLS);
        for col in (0..n).step_by(COLS) {
            let width = COLS.min(n - col);
            for depth in (0..k).step_by(DEPTH) {
                let rows = depth..DEPTH.min(k - depth) + depth;
                panel.clear();
                for kk in rows.clone() {
                    let b_row = &b[kk * n + col..kk * n + col + width];
                    panel.extend(b_row.iter().map(|&x| T::of(x)));
                }
                for row in (0..m).step_by(ROWS) {
                    let height = ROWS.min(m - row);
                    for (kk, b_row) in rows.clone().zip(panel.chunks_exact(width)) {
                        for r in row..row + height {
                            let a_rk = T::of(a[r * k + kk]);
                            let c_row = &mut c[r * n + col..r * n + col + width];
                            for (acc, &x) in c_row.iter_mut().zip(b_row) {
                                *acc += a_rk * x;
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive triple loop in `f64`, rounding every product and sum to `f32`.
    fn naive(g: Gemm, a: &[f32], b: &[f32]) -> Vec<f32> {
        let mut out = Vec::new();
        for bi in 0..g.batch {
            for i in 0..g.m {
                for j in 0..g.n {
                    let mut acc = 0f32;
                    for kk in 0..g.k {
                        let p = (a[(bi * g.m + i) * g.k + kk] as f64
                            * b[(bi * g.k + kk) * g.n + j] as f64)
                            as f32;
                        acc = (acc as f64 + p as f64) as f32;
                    }
                    out.push(acc);
                }
            }
        }
        out
    }

    #[test]
    fn blocked_product_has_the_bits_of_the_sequential_sum() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 2.0e3
        };
        for g in [
            Gemm {
                batch: 1,
                m: 1,
                k: 1,
                n: 1,
            },
            Gemm {
                batch: 2,
                m: 5,
                k: 37,
                n: 3,
            },
            Gemm {
                batch: 1,
                m: 9,
                k: 300,
                n: 700,
            },
            Gemm {
                batch: 3,
                m: 0,
                k: 4,
                n: 2,
            },
            Gemm {
                batch: 2,
                m: 3,
                k: 0,
                n: 2,
            },
        ] {
            let a: Vec<f32> = (0..g.batch * g.m * g.k).map(|_| next()).collect();
            let b: Vec<f32> = (0..g.batch * g.k * g.n).map(|_| next()).collect();
            let wide = |v: &[f32]| v.iter().map(|&x| f64::from(x)).collect::<Vec<f64>>();
            let fast: Vec<f32> = g.run(&wide(&a), &wide(&b));
            let slow = naive(g, &a, &b);
            assert_eq!(fast.len(), slow.len(), "{g:?}");
            for (x, y) in fast.iter().zip(&slow) {
                assert_eq!(x.to_bits(), y.to_bits(), "{g:?}");
            }
        }
    }

    #[test]
    fn blocked_product_in_f64_has_the_bits_of_the_sequential_sum() {
        let g = Gemm {
            batch: 2,
            m: 7,
            k: 301,
            n: 600,
        };
        let value = |i: usize| ((i * 7919 % 1013) as f64 - 506.0) * 1.0e-3 + 1.0 / (i + 3) as f64;
        let a: Vec<f64> = (0..g.batch * g.m * g.k).map(value).collect();
        let b: Vec<f64> = (0..g.batch * g.k * g.n).map(|i| value(i + 17)).collect();
        let fast: Vec<f64> = g.run(&a, &b);
        for bi in 0..g.batch {
            for i in 0..g.m {
                for j in 0..g.n {
                    let mut acc = 0f64;
                    for kk in 0..g.k {
                        acc += a[(bi * g.m + i) * g.k + kk] * b[(bi * g.k + kk) * g.n + j];
                    }
                    let got = fast[(bi * g.m + i) * g.n + j];
                    assert_eq!(got.to_bits(), acc.to_bits(), "({bi}, {i}, {j})");
                }
            }
        }
    }
}
