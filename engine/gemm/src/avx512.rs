//! One block of the product in AVX-512: `ROWS` output rows by [`WIDE`] columns, the sums in
//! 512-bit registers for a whole panel of the contracted index. Written with intrinsics because
//! LLVM does not vectorise the portable block this wide: compiled for AVX-512 at 32 lanes it
//! gave scalar code, three times slower than the AVX2 build.
//!
//! The bits are the portable block's: each lane multiplies, rounds, adds and rounds in the
//! contracted index's order, with `mul` then `add`, never a fused multiply-add.

use crate::ROWS;
use std::arch::x86_64::{
    __m512, __m512d, _mm512_add_pd, _mm512_add_ps, _mm512_loadu_pd, _mm512_loadu_ps, _mm512_mul_pd,
    _mm512_mul_ps, _mm512_set1_pd, _mm512_set1_ps, _mm512_storeu_pd, _mm512_storeu_ps,
};

/// Columns of the output one AVX-512 block updates: two registers of `f32`, four of `f64`.
pub const WIDE: usize = 32;

/// A block's operands: `column` is `[kk][r]` (`ROWS` values per index of the contracted panel),
/// `panel` is `[kk][j]` with rows of `width`, and the block's outputs start at column `j` of the
/// rows of `c`, `n` apart.
pub struct Operands<'a, T> {
    pub column: &'a [T],
    pub panel: &'a [T],
    pub width: usize,
    pub j: usize,
    pub n: usize,
}

/// `c[r][j..j + WIDE] += sum over kk of column[kk][r] * panel[kk][j..j + WIDE]`, in `f32`.
#[target_feature(enable = "avx512f")]
#[inline]
pub fn block_f32(o: &Operands<'_, f32>, c: &mut [f32]) {
    let mut acc: [[__m512; 2]; ROWS] = std::array::from_fn(|r| {
        let values = &c[r * o.n + o.j..][..WIDE];
        [load_ps(&values[..16]), load_ps(&values[16..])]
    });
    for (kk, x) in o.column.chunks_exact(ROWS).enumerate() {
        let b = &o.panel[kk * o.width + o.j..][..WIDE];
        let (b0, b1) = (load_ps(&b[..16]), load_ps(&b[16..]));
        for (acc, &x) in acc.iter_mut().zip(x) {
            let x = _mm512_set1_ps(x);
            acc[0] = _mm512_add_ps(acc[0], _mm512_mul_ps(x, b0));
            acc[1] = _mm512_add_ps(acc[1], _mm512_mul_ps(x, b1));
        }
    }
    for (r, acc) in acc.iter().enumerate() {
        let out = &mut c[r * o.n + o.j..][..WIDE];
        let (lo, hi) = out.split_at_mut(16);
        store_ps(lo, acc[0]);
        store_ps(hi, acc[1]);
    }
}

/// [`block_f32`] in `f64`: eight lanes a register, four registers a row.
#[target_feature(enable = "avx512f")]
#[inline]
pub fn block_f64(o: &Operands<'_, f64>, c: &mut [f64]) {
    let mut acc: [[__m512d; 4]; ROWS] = std::array::from_fn(|r| {
        let values = &c[r * o.n + o.j..][..WIDE];
        std::array::from_fn(|h| load_pd(&values[8 * h..8 * h + 8]))
    });
    for (kk, x) in o.column.chunks_exact(ROWS).enumerate() {
        let b = &o.panel[kk * o.width + o.j..][..WIDE];
        let b: [__m512d; 4] = std::array::from_fn(|h| load_pd(&b[8 * h..8 * h + 8]));
        for (acc, &x) in acc.iter_mut().zip(x) {
            let x = _mm512_set1_pd(x);
            for (acc, &b) in acc.iter_mut().zip(&b) {
                *acc = _mm512_add_pd(*acc, _mm512_mul_pd(x, b));
            }
        }
    }
    for (r, acc) in acc.iter().enumerate() {
        let out = &mut c[r * o.n + o.j..][..WIDE];
        for (h, &acc) in acc.iter().enumerate() {
            store_pd(&mut out[8 * h..8 * h + 8], acc);
        }
    }
}

/// The 16 values of `v` (its length, checked) as a register.
#[target_feature(enable = "avx512f")]
#[inline]
fn load_ps(v: &[f32]) -> __m512 {
    assert_eq!(v.len(), 16);
    // SAFETY: `v` holds the 16 values read; the load has no alignment requirement.
    #[allow(unsafe_code)]
    unsafe {
        _mm512_loadu_ps(v.as_ptr())
    }
}

/// Writes the register `x` to the 16 values of `v`.
#[target_feature(enable = "avx512f")]
#[inline]
fn store_ps(v: &mut [f32], x: __m512) {
    assert_eq!(v.len(), 16);
    // SAFETY: `v` holds the 16 values written; the store has no alignment requirement.
    #[allow(unsafe_code)]
    unsafe {
        _mm512_storeu_ps(v.as_mut_ptr(), x)
    }
}

/// The 8 values of `v` as a register.
#[target_feature(enable = "avx512f")]
#[inline]
fn load_pd(v: &[f64]) -> __m512d {
    assert_eq!(v.len(), 8);
    // SAFETY: `v` holds the 8 values read; the load has no alignment requirement.
    #[allow(unsafe_code)]
    unsafe {
        _mm512_loadu_pd(v.as_ptr())
    }
}

/// Writes the register `x` to the 8 values of `v`.
#[target_feature(enable = "avx512f")]
#[inline]
fn store_pd(v: &mut [f64], x: __m512d) {
    assert_eq!(v.len(), 8);
    // SAFETY: `v` holds the 8 values written; the store has no alignment requirement.
    #[allow(unsafe_code)]
    unsafe {
        _mm512_storeu_pd(v.as_mut_ptr(), x)
    }
}
