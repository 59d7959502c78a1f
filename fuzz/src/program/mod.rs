//! Random StableHLO programs for the `lower` fuzz target: any bytes become one well-formed
//! module, a public `@main` over 1 to 4 tensor arguments whose body chains the idioms models
//! export ([`idioms`]): elementwise chains, broadcasts, reductions over any dims, transposes,
//! reshapes that insert unit dims or regroup dims, dot_generals with batch dims anywhere and
//! contracting dims on either side, and softmax, RMSNorm, LayerNorm, a SiLU-gated MLP and
//! attention as PyTorch and JAX spell them, in f32 and bf16 with converts between.
//!
//! The bytes are read as decisions, one byte each ([`Bytes`]), so a mutation of the input
//! changes one choice; past their end the choices come from a generator seeded by the bytes.
//! Shapes stay small ([`MAX_ELEMENTS`] per tensor, [`MAX_DOT_WORK`] per dot) so that one
//! execution lowers and checks in well under a second.
//!
//! Invariant: every module this writes parses and verifies (the unit tests and the target
//! assert it); a pure function of the bytes.

mod dots;
mod emit;
mod idioms;

pub use emit::{Elem, Val};

/// The most elements any tensor of a program has.
pub const MAX_ELEMENTS: i64 = 1 << 16;

/// The most multiply-adds one dot_general performs.
pub const MAX_DOT_WORK: i64 = 1 << 21;

/// The most arguments `@main` takes; past them a program reads constants.
pub const MAX_ARGS: usize = 4;

/// The dimension sizes a shape draws from: 1, sizes that do not divide 128, 128 and its
/// multiples, and small powers of two.
pub const DIMS: [i64; 14] = [1, 2, 3, 4, 5, 8, 16, 32, 64, 77, 128, 200, 256, 384];

/// The module `bytes` spell.
pub fn module(bytes: &[u8]) -> String {
    let mut g = emit::Gen::new(bytes);
    let mut x = idioms::start(&mut g);
    let stages = 1 + g.bytes.below(5);
    let mut results = Vec::new();
    for _ in 0..stages {
        x = idioms::stage(&mut g, x);
        if g.bytes.chance(16) && results.len() < 2 {
            results.push(x.clone());
        }
    }
    results.push(x);
    g.finish(&results)
}

/// Decisions read from fuzz bytes, then from a generator seeded by them.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
    state: u64,
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        // FNV-1a over the bytes seeds what comes after them.
        let hash = (data.iter()).fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Bytes {
            data,
            at: 0,
            state: hash | 1,
        }
    }

    /// The next decision, a byte.
    pub fn byte(&mut self) -> u8 {
        if let Some(&b) = self.data.get(self.at) {
            self.at += 1;
            return b;
        }
        // xorshift64*, as the mutator's generator.
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        (self.state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
    }

    /// A number below `n` (`0 < n <= 256`).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    /// True about `n` times in 64.
    pub fn chance(&mut self, n: u8) -> bool {
        self.byte() % 64 < n
    }

    /// One of `xs` (not empty).
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }

    /// A permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }
}

/// The number of elements of a shape.
pub fn elements(dims: &[i64]) -> i64 {
    dims.iter().product()
}

/// `dims` with its largest sizes replaced by smaller ones of [`DIMS`] until the shape holds at
/// most `cap` elements.
pub fn fit(mut dims: Vec<i64>, cap: i64) -> Vec<i64> {
    while elements(&dims) > cap {
        let (at, &largest) = (dims.iter().enumerate())
            .max_by_key(|&(i, &d)| (d, std::cmp::Reverse(i)))
            .expect("a shape over the cap has a dimension");
        let smaller = DIMS.iter().rev().find(|&&d| d < largest).copied();
        dims[at] = smaller.unwrap_or(1);
    }
    dims
}
