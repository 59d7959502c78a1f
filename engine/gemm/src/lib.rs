//! A batched matrix product whose every output element is summed in `f32` or `f64` in the
//! order of the contracted index, starting from zero or from a given accumulator, with each
//! product and sum rounded: the bits of the sequential sum. Two interpreters share it: the
//! StableHLO one's fast path of `dot_general` (whose generic kernel sums in the same order, so
//! the two give the same bits) and the nisa one's `nc_matmul` (which accumulates into PSUM).
//!
//! Why the same bits in `f32`: operands of `f32` or a narrower float type are exact in `f32`;
//! the generic kernel forms each product in `f64` (exact for two `f32` values) and rounds it
//! to `f32`, which is the `f32` product; it adds in `f64` and rounds to `f32`, and rounding the
//! `f64` sum of two `f32` values to `f32` is the correctly rounded `f32` sum (53 >= 2 * 24 + 2).
//! In `f64` the generic kernel rounds nothing beyond `f64`'s own product and sum, as here.
//! Rust does not contract `a * b + c` into a fused multiply-add, so the loops below round
//! the product and the sum separately too.
//!
//! Speed comes from the loop order and from threads, not from reassociation: for a block of 4
//! output rows and 16 output columns (32 with AVX-512, `avx512.rs`), the sums stay in registers
//! while the contracted index runs through a panel of 256, and the innermost loop updates
//! independent accumulators, which the compiler vectorises (AVX-512's are intrinsics), while
//! each accumulator still sees its terms in index order. The contracted index is split into
//! panels taken in order, so that too leaves the order alone. A large product is cut into
//! pieces of whole output rows, one thread per core; an output element is summed by one thread,
//! so the bits do not depend on how many there are.

#[cfg(target_arch = "x86_64")]
mod avx512;

use std::ops::{AddAssign, Mul};

/// The element types the product runs in, from the interpreter's `f64` values.
pub trait Scalar:
    Copy + Default + Send + Sync + Mul<Output = Self> + AddAssign + wide::Wide
{
    /// `x` in this type (exact: the operands are values of a type no wider than it).
    fn of(x: f64) -> Self;
}

impl Scalar for f32 {
    #[inline(always)]
    fn of(x: f64) -> f32 {
        x as f32
    }
}

impl Scalar for f64 {
    #[inline(always)]
    fn of(x: f64) -> f64 {
        x
    }
}

/// The AVX-512 block of each [`Scalar`]; private, so that no other type is one.
mod wide {
    pub trait Wide: Sized {
        /// [`crate::avx512`]'s block in this type.
        ///
        /// # Safety
        /// The CPU has AVX-512F.
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        unsafe fn block_avx512(o: &crate::avx512::Operands<'_, Self>, c: &mut [Self]);
    }

    #[allow(unsafe_code)]
    impl Wide for f32 {
        #[cfg(target_arch = "x86_64")]
        #[inline(always)]
        unsafe fn block_avx512(o: &crate::avx512::Operands<'_, f32>, c: &mut [f32]) {
            // SAFETY: the caller's: the CPU has AVX-512F.
            unsafe { crate::avx512::block_f32(o, c) }
        }
    }

    #[allow(unsafe_code)]
    impl Wide for f64 {
        #[cfg(target_arch = "x86_64")]
        #[inline(always)]
        unsafe fn block_avx512(o: &crate::avx512::Operands<'_, f64>, c: &mut [f64]) {
            // SAFETY: the caller's: the CPU has AVX-512F.
            unsafe { crate::avx512::block_f64(o, c) }
        }
    }
}

/// Rows of the output a block updates together (each reuses the loaded row segment of `rhs`).
pub(crate) const ROWS: usize = 4;
/// Columns of the output a block updates together: `ROWS` by `LANES` accumulators stay in
/// registers for a whole panel of the contracted index.
const LANES: usize = 16;
/// Columns of the output one panel of `rhs` covers (the panel stays in the L2 cache).
const COLS: usize = 512;
/// Contracted indices taken together: the panel of `rhs` they select (`DEPTH` by `COLS`, at
/// most 1 MiB in `f64`) stays in the L2 cache while every row block of the output reads it,
/// where without it each row block streamed all of `rhs` from memory.
const DEPTH: usize = 256;
/// Products below this many multiply-adds run on the calling thread alone.
const PARALLEL_WORK: usize = 1 << 22;

/// A batched product `out[b][m][n] = sum_k lhs[b][m][k] * rhs[b][k][n]`, row-major.
#[derive(Clone, Copy, Debug)]
pub struct Gemm {
    pub batch: usize,
    pub m: usize,
    pub k: usize,
    pub n: usize,
}

/// One piece of the work: rows of one matrix of the batch, with the `rhs` they read.
struct Task<'a, T> {
    a: &'a [f64],
    b: &'a [f64],
    c: &'a mut [T],
}

impl Gemm {
    /// Computes the product in `T`; `lhs` is `[batch][m][k]` and `rhs` is `[batch][k][n]`, read
    /// where they are (each panel of `rhs` is taken into `T` once per piece, each `lhs` value
    /// once per panel), so that no operand is copied whole. Large products are cut into pieces
    /// of whole output rows run on every core; each output element is still summed by one
    /// thread in index order, so the bits do not depend on the number of threads.
    pub fn run<T: Scalar>(self, lhs: &[f64], rhs: &[f64]) -> Vec<T> {
        let Gemm { batch, m, n, .. } = self;
        self.run_from(lhs, rhs, vec![T::default(); batch * m * n])
    }

    /// [`Gemm::run`] with each output element's sum starting from its value in `acc`
    /// (`[batch][m][n]`) instead of zero: `acc + p_0 + p_1 + ...`, in that order.
    pub fn run_from<T: Scalar>(self, lhs: &[f64], rhs: &[f64], acc: Vec<T>) -> Vec<T> {
        self.run_on(Isa::detected(), lhs, rhs, acc)
    }

    /// [`Gemm::run_from`] in the vectors of `isa`, which the CPU must have.
    fn run_on<T: Scalar>(self, isa: Isa, lhs: &[f64], rhs: &[f64], acc: Vec<T>) -> Vec<T> {
        let Gemm { batch, m, k, n } = self;
        debug_assert_eq!(lhs.len(), batch * m * k);
        debug_assert_eq!(rhs.len(), batch * k * n);
        debug_assert_eq!(acc.len(), batch * m * n);
        let mut out = acc;
        if m * n == 0 || k == 0 {
            return out;
        }
        let threads = if batch * m * n * k < PARALLEL_WORK {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |t| t.get())
        };
        let rows = piece_rows(batch, m, threads);
        let mut tasks = Vec::new();
        for ((a, b), c) in (lhs.chunks_exact(m * k))
            .zip(rhs.chunks_exact(k * n))
            .zip(out.chunks_exact_mut(m * n))
        {
            for (a, c) in a.chunks(rows * k).zip(c.chunks_mut(rows * n)) {
                tasks.push(Task { a, b, c });
            }
        }
        if threads == 1 || tasks.len() == 1 {
            tasks.into_iter().for_each(|t| self.one(isa, t));
            return out;
        }
        let per = tasks.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let mut tasks = tasks.into_iter();
            let mut threads = Vec::new();
            loop {
                let share: Vec<Task<T>> = tasks.by_ref().take(per).collect();
                if share.is_empty() {
                    break;
                }
                threads.push(scope.spawn(move || share.into_iter().for_each(|t| self.one(isa, t))));
            }
            // Joined, not only waited for: each thread has ended, its thread-locals'
            // destructors run, when the product returns (LeakSanitizer otherwise sees the C
            // library's record of them as leaked).
            for t in threads {
                if let Err(panic) = t.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
        out
    }

    /// One piece, in the vectors of `isa`. Each lane still multiplies and adds with its own
    /// rounding, never a fused multiply-add, so the bits are those of the portable code.
    fn one<T: Scalar>(self, isa: Isa, task: Task<T>) {
        match isa {
            Isa::Portable => self.one_portable(Isa::Portable, task),
            // SAFETY: an `Isa` other than `Portable` comes from `Isa::detected` or (in the tests)
            // `Isa::available`, both only where `Isa::supported` found its feature.
            #[cfg(target_arch = "x86_64")]
            #[allow(unsafe_code)]
            Isa::Avx2 => unsafe { self.one_avx2(task) },
            #[cfg(target_arch = "x86_64")]
            #[allow(unsafe_code)]
            Isa::Avx512 => unsafe { self.one_avx512(task) },
        }
    }

    /// [`Gemm::one_portable`] compiled for AVX2 (8 `f32` lanes, where x86-64's baseline has 4).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn one_avx2<T: Scalar>(self, task: Task<T>) {
        self.one_portable(Isa::Avx2, task)
    }

    /// [`Gemm::one_portable`] compiled for AVX-512, its full blocks in `avx512.rs`'s.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn one_avx512<T: Scalar>(self, task: Task<T>) {
        self.one_portable(Isa::Avx512, task)
    }

    /// One piece: `c = a * b` for the rows of `a` and `c` it holds.
    #[inline(always)]
    fn one_portable<T: Scalar>(self, isa: Isa, Task { a, b, c }: Task<T>) {
        let Gemm { k, n, .. } = self;
        let m = c.len() / n;
        // Sized to the product, not the block: a batch of small products allocates little.
        let mut panel: Vec<T> = Vec::with_capacity(DEPTH.min(k) * COLS.min(n));
        let mut column: Vec<T> = Vec::with_capacity(DEPTH.min(k) * ROWS.min(m));
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
                    column.clear();
                    for kk in rows.clone() {
                        column.extend((row..row + height).map(|r| T::of(a[r * k + kk])));
                    }
                    let c = &mut c[row * n + col..];
                    let block = Block {
                        column: &column,
                        height,
                        panel: &panel,
                        width,
                        n,
                    };
                    block.run(isa, c);
                }
            }
        }
    }
}

/// The vector instructions a piece runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Isa {
    /// Every choice, narrowest first.
    const ALL: &[Isa] = &[
        Isa::Portable,
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2,
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512,
    ];

    /// The widest vectors this CPU has. Called once per product: no allocation, and the
    /// standard library caches what the CPU has.
    fn detected() -> Isa {
        let widest = Isa::ALL.iter().rev().find(|isa| isa.supported());
        *widest.expect("the portable code runs anywhere")
    }

    /// Every choice this CPU can run, narrowest first.
    #[cfg(test)]
    fn available() -> Vec<Isa> {
        Isa::ALL
            .iter()
            .copied()
            .filter(|isa| isa.supported())
            .collect()
    }

    /// Whether this CPU has the features this choice is compiled with.
    fn supported(self) -> bool {
        match self {
            Isa::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => std::arch::is_x86_feature_detected!("avx512f"),
        }
    }
}

/// The rows of one piece: the batch's matrices cut so that every thread gets some, in whole
/// row blocks.
fn piece_rows(batch: usize, m: usize, threads: usize) -> usize {
    if threads <= 1 || batch >= 4 * threads {
        return m;
    }
    let pieces = (4 * threads).div_ceil(batch);
    m.div_ceil(pieces).div_ceil(ROWS).max(1) * ROWS
}

/// One block of output rows over one panel: `c[r][j] += sum over the panel of
/// column[kk][r] * panel[kk][j]`, each sum in panel order.
struct Block<'p, T> {
    /// The block's `lhs` values, `[kk][r]`.
    column: &'p [T],
    height: usize,
    /// The panel of `rhs`, `[kk][j]`.
    panel: &'p [T],
    width: usize,
    /// The row stride of `c`.
    n: usize,
}

impl<T: Scalar> Block<'_, T> {
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn run(&self, isa: Isa, c: &mut [T]) {
        let mut j = 0;
        #[cfg(target_arch = "x86_64")]
        if isa == Isa::Avx512 && self.height == ROWS {
            while j + avx512::WIDE <= self.width {
                let o = avx512::Operands {
                    column: self.column,
                    panel: self.panel,
                    width: self.width,
                    j,
                    n: self.n,
                };
                // SAFETY: `isa` is `Avx512` only where the CPU has AVX-512F.
                #[allow(unsafe_code)]
                unsafe {
                    T::block_avx512(&o, c)
                };
                j += avx512::WIDE;
            }
        }
        if self.height == ROWS {
            while j + LANES <= self.width {
                self.lanes(c, j);
                j += LANES;
            }
        }
        for r in 0..self.height {
            for jj in j..self.width {
                let mut acc = c[r * self.n + jj];
                for (kk, x) in self.column.chunks_exact(self.height).enumerate() {
                    acc += x[r] * self.panel[kk * self.width + jj];
                }
                c[r * self.n + jj] = acc;
            }
        }
    }

    /// The `ROWS` by `LANES` outputs from column `j`, accumulated in registers.
    #[inline(always)]
    fn lanes(&self, c: &mut [T], j: usize) {
        let mut acc = [[T::default(); LANES]; ROWS];
        for (r, acc) in acc.iter_mut().enumerate() {
            acc.copy_from_slice(&c[r * self.n + j..r * self.n + j + LANES]);
        }
        for (kk, x) in self.column.chunks_exact(ROWS).enumerate() {
            let b: &[T; LANES] = (self.panel[kk * self.width + j..][..LANES])
                .try_into()
                .expect("LANES values");
            for (acc, &x) in acc.iter_mut().zip(x) {
                for (acc, &y) in acc.iter_mut().zip(b) {
                    *acc += x * y;
                }
            }
        }
        for (r, acc) in acc.iter().enumerate() {
            c[r * self.n + j..r * self.n + j + LANES].copy_from_slice(acc);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive triple loop in `f64`, rounding every product and sum to `f32`.
    fn naive(g: Gemm, a: &[f32], b: &[f32]) -> Vec<f32> {
        naive_from(g, a, b, &vec![0.0; g.batch * g.m * g.n])
    }

    /// [`naive`] with each sum starting from `init`.
    fn naive_from(g: Gemm, a: &[f32], b: &[f32], init: &[f32]) -> Vec<f32> {
        let mut out = Vec::new();
        for bi in 0..g.batch {
            for i in 0..g.m {
                for j in 0..g.n {
                    let mut acc = init[(bi * g.m + i) * g.n + j];
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
                batch: 2,
                m: 37,
                k: 260,
                n: 530,
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
            let slow = naive(g, &a, &b);
            for isa in Isa::available() {
                let zero = vec![0.0; g.batch * g.m * g.n];
                let fast: Vec<f32> = g.run_on(isa, &wide(&a), &wide(&b), zero);
                assert_eq!(fast.len(), slow.len(), "{g:?}");
                for (x, y) in fast.iter().zip(&slow) {
                    assert_eq!(x.to_bits(), y.to_bits(), "{g:?} in {isa:?}");
                }
            }
        }
    }

    #[test]
    fn a_product_from_an_accumulator_adds_its_terms_to_it_in_order() {
        let g = Gemm {
            batch: 1,
            m: 128,
            k: 128,
            n: 512,
        };
        let value = |i: usize| ((i * 7919 % 1013) as f32 - 506.0) * 0.37;
        let a: Vec<f32> = (0..g.m * g.k).map(value).collect();
        let b: Vec<f32> = (0..g.k * g.n).map(|i| value(i + 5)).collect();
        // Large starting values, so that adding them last would round differently.
        let init: Vec<f32> = (0..g.m * g.n).map(|i| value(i + 11) * 1.0e4).collect();
        let wide = |v: &[f32]| v.iter().map(|&x| f64::from(x)).collect::<Vec<f64>>();
        let slow = naive_from(g, &a, &b, &init);
        let last: Vec<f32> = (naive(g, &a, &b).iter().zip(&init))
            .map(|(p, i)| p + i)
            .collect();
        let same = |x: &[f32], y: &[f32]| x.iter().zip(y).all(|(x, y)| x.to_bits() == y.to_bits());
        for isa in Isa::available() {
            let fast: Vec<f32> = g.run_on(isa, &wide(&a), &wide(&b), init.clone());
            assert!(same(&fast, &slow), "{isa:?}");
            assert!(!same(&fast, &last), "{isa:?}");
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
        for isa in Isa::available() {
            let fast: Vec<f64> = g.run_on(isa, &a, &b, vec![0.0; g.batch * g.m * g.n]);
            same_as_sequential(g, &a, &b, &fast, isa);
        }
    }

    /// Asserts that `fast` holds, bit for bit, the sequential `f64` sums of `a` times `b`.
    fn same_as_sequential(g: Gemm, a: &[f64], b: &[f64], fast: &[f64], isa: Isa) {
        for bi in 0..g.batch {
            for i in 0..g.m {
                for j in 0..g.n {
                    let mut acc = 0f64;
                    for kk in 0..g.k {
                        acc += a[(bi * g.m + i) * g.k + kk] * b[(bi * g.k + kk) * g.n + j];
                    }
                    let got = fast[(bi * g.m + i) * g.n + j];
                    assert_eq!(got.to_bits(), acc.to_bits(), "({bi}, {i}, {j}) in {isa:?}");
                }
            }
        }
    }
}
