//! Threefry-2x32 (20 rounds) and Philox-4x32 (10 rounds) spelled in `ui32` elementwise ops over
//! a vector of counters: adds, xors, shifts and 16-bit-limb products, which the engines run
//! exactly (integer lanes wrap at 32 bits). The constants are XLA's (`xla/client/lib/prng.cc`),
//! as the reference interpreter's `rng.rs` uses them.

use crate::emit::At;
use egfuse_ir::ValueId;

/// Threefry's rotations, the first four rounds of a block and the next four.
const ROTATIONS: [[u32; 4]; 2] = [[13, 15, 26, 6], [17, 29, 16, 24]];
/// The key schedule's parity constant.
const PARITY: u32 = 0x1BD1_1BDA;
/// Philox's multipliers and key increments.
const PHILOX_M: [u32; 2] = [0xD251_1F53, 0xCD9E_8D57];
const PHILOX_W: [u32; 2] = [0x9E37_79B9, 0xBB67_AE85];

/// A constant of the builder's type.
fn c(b: &mut At, v: u32) -> ValueId {
    b.splat(&v.to_string())
}

fn add(b: &mut At, x: ValueId, y: ValueId) -> ValueId {
    b.of("stablehlo.add", vec![x, y])
}

fn xor(b: &mut At, x: ValueId, y: ValueId) -> ValueId {
    b.of("stablehlo.xor", vec![x, y])
}

/// `x` rotated left by `r` bits.
fn rotate(b: &mut At, x: ValueId, r: u32) -> ValueId {
    let (left, right) = (c(b, r), c(b, 32 - r));
    let l = b.of("stablehlo.shift_left", vec![x, left]);
    let h = b.of("stablehlo.shift_right_logical", vec![x, right]);
    b.of("stablehlo.or", vec![l, h])
}

/// Threefry-2x32 of the counter words `x` under the key words `key` (each of the builder's
/// type): the two output words.
pub(super) fn threefry(b: &mut At, x: [ValueId; 2], key: [ValueId; 2]) -> [ValueId; 2] {
    let parity = c(b, PARITY);
    let k2 = xor(b, key[0], key[1]);
    let ks = [key[0], key[1], xor(b, k2, parity)];
    let mut x = [add(b, x[0], ks[0]), add(b, x[1], ks[1])];
    for block in 0..5u32 {
        for &r in &ROTATIONS[block as usize % 2] {
            x[0] = add(b, x[0], x[1]);
            let rotated = rotate(b, x[1], r);
            x[1] = xor(b, rotated, x[0]);
        }
        let s = block as usize + 1;
        x[0] = add(b, x[0], ks[s % 3]);
        let step = c(b, block + 1);
        let k = add(b, ks[(s + 1) % 3], step);
        x[1] = add(b, x[1], k);
    }
    x
}

/// The high and low words of `x * k` as 64 bits, from 16-bit limbs whose products fit in 32.
fn multiply_wide(b: &mut At, x: ValueId, k: u32) -> (ValueId, ValueId) {
    let low = c(b, k);
    let lo = b.of("stablehlo.multiply", vec![x, low]);
    let (mask, sixteen) = (c(b, 0xFFFF), c(b, 16));
    let x_lo = b.of("stablehlo.and", vec![x, mask]);
    let x_hi = b.of("stablehlo.shift_right_logical", vec![x, sixteen]);
    let (k_lo, k_hi) = (c(b, k & 0xFFFF), c(b, k >> 16));
    let p00 = b.of("stablehlo.multiply", vec![x_lo, k_lo]);
    let p01 = b.of("stablehlo.multiply", vec![x_lo, k_hi]);
    let p10 = b.of("stablehlo.multiply", vec![x_hi, k_lo]);
    let p11 = b.of("stablehlo.multiply", vec![x_hi, k_hi]);
    // The middle column: the carry out of the low 32 bits, at most three 16-bit terms.
    let p00_hi = b.of("stablehlo.shift_right_logical", vec![p00, sixteen]);
    let p01_lo = b.of("stablehlo.and", vec![p01, mask]);
    let p10_lo = b.of("stablehlo.and", vec![p10, mask]);
    let middle = add(b, p00_hi, p01_lo);
    let middle = add(b, middle, p10_lo);
    let carry = b.of("stablehlo.shift_right_logical", vec![middle, sixteen]);
    let p01_hi = b.of("stablehlo.shift_right_logical", vec![p01, sixteen]);
    let p10_hi = b.of("stablehlo.shift_right_logical", vec![p10, sixteen]);
    let hi = add(b, p11, p01_hi);
    let hi = add(b, hi, p10_hi);
    (add(b, hi, carry), lo)
}

/// Philox-4x32 of the counter words `x` under the key words `key`: the four output words.
pub(super) fn philox(b: &mut At, mut x: [ValueId; 4], mut key: [ValueId; 2]) -> [ValueId; 4] {
    for round in 0..10 {
        let (hi0, lo0) = multiply_wide(b, x[0], PHILOX_M[0]);
        let (hi1, lo1) = multiply_wide(b, x[2], PHILOX_M[1]);
        let a = xor(b, hi1, x[1]);
        let d = xor(b, hi0, x[3]);
        x = [xor(b, a, key[0]), lo1, xor(b, d, key[1]), lo0];
        if round < 9 {
            let (w0, w1) = (c(b, PHILOX_W[0]), c(b, PHILOX_W[1]));
            key = [add(b, key[0], w0), add(b, key[1], w1)];
        }
    }
    x
}

/// `words + n` for a multi-word unsigned integer, least significant word first, each word of
/// the builder's type: every carry taken into the next word.
pub(super) fn add_carrying(b: &mut At, words: &[ValueId], n: ValueId) -> Vec<ValueId> {
    let mut out = Vec::with_capacity(words.len());
    let mut carry = n;
    for &w in words {
        let sum = add(b, w, carry);
        // The sum wrapped exactly when it is below what was added.
        let wrapped = b.compare_as("LT", (sum, carry), "UNSIGNED");
        let ty = b.ty.clone();
        carry = b.op("stablehlo.convert", vec![wrapped], &ty);
        out.push(sum);
    }
    out
}
