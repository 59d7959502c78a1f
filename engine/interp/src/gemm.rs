//! The `f32` fast path of `dot_general`: a batched matrix product whose every output element is
//! summed in `f32` in the order of the contracted index, exactly as the generic kernel in
//! [`super::dot`] sums it, so the two give the same bits.
//!
//! Why the same bits: operands of `f32` or a narrower float type are exact in `f32`; the
//! generic kernel forms each product in `f64` (exact for two `f32` values) and rounds it to
//! `f32`, which is the `f32` product; it adds in `f64` and rounds to `f32`, and rounding the
//! `f64` sum of two `f32` values to `f32` is the correctly rounded `f32` sum (53 >= 2 * 24 + 2).
//! Rust does not contract `a * b + c` into a fused multiply-add, so the loops below round
//! the product and the sum separately too.
//!
//! Speed comes from the loop order, not from reassociation: for a block of output rows and a
//! block of output columns, the contracted index runs outermost and the columns innermost, so
//! the inner loop updates independent accumulators held in a small contiguous slice, which the
//! compiler vectorises, while each accumulator still sees its terms in index order.

/// Rows of the output updated together (each reuses the loaded row segment of `rhs`).
const ROWS: usize = 4;
/// Columns of the output updated together (the accumulators stay in the L1 cache).
const COLS: usize = 512;

/// A batched product `out[b][m][n] = sum_k lhs[b][m][k] * rhs[b][k][n]`, row-major.
#[derive(Clone, Copy, Debug)]
pub struct Gemm {
    pub batch: usize,
    pub m: usize,
    pub k: usize,
    pub n: usize,
}

impl Gemm {
    /// Computes the product; `lhs` is `[batch][m][k]` and `rhs` is `[batch][k][n]`.
    pub fn run(self, lhs: &[f32], rhs: &[f32]) -> Vec<f32> {
        let Gemm { batch, m, k, n } = self;
        debug_assert_eq!(lhs.len(), batch * m * k);
        debug_assert_eq!(rhs.len(), batch * k * n);
        let mut out = vec![0f32; batch * m * n];
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
    fn one(self, a: &[f32], b: &[f32], c: &mut [f32]) {
        let Gemm { m, k, n, .. } = self;
        for col in (0..n).step_by(COLS) {
            let width = COLS.min(n - col);
            for row in (0..m).step_by(ROWS) {
                let height = ROWS.min(m - row);
                for kk in 0..k {
                    let b_row = &b[kk * n + col..kk * n + col + width];
                    for r in row..row + height {
                        let a_rk = a[r * k + kk];
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
            let fast = g.run(&a, &b);
            let slow = naive(g, &a, &b);
            assert_eq!(fast.len(), slow.len(), "{g:?}");
            for (x, y) in fast.iter().zip(&slow) {
                assert_eq!(x.to_bits(), y.to_bits(), "{g:?}");
            }
        }
    }
}
