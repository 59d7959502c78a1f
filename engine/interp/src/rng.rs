//! Random numbers: `rng_bit_generator` with XLA's bit layout for `THREE_FRY` and `PHILOX`
//! (`DEFAULT` is `PHILOX`, as on XLA's CPU and GPU backends), and `rng` (uniform and normal).
//!
//! `rng_bit_generator` follows XLA's `RngBitGeneratorExpander`: `state[0]` is the key, the
//! rest is a counter.
//! * `THREE_FRY` (state of 2): Threefry-2x32 with 20 rounds, key `(lo, hi)` of `state[0]`.
//!   Element `i` of a 64-bit output is the block of counter `state[1] + i` (as `(lo, hi)`
//!   words, result `lo | hi << 32`). A 32-bit output splits its shape in halves along the
//!   first even dimension (the first largest when none is even): the counters run over the
//!   halved shape in row-major order, and a block's two words are neighbours along that
//!   dimension (`Halves`); 8- and 16-bit outputs truncate the 32-bit ones. The new state adds
//!   the number of counters used.
//! * `PHILOX` (state of 2 or 3): Philox-4x32 with 10 rounds, key as above, a 128-bit counter
//!   `state[1] | state[2] << 64` (for a state of 2, `state[1] | state[0] << 64`: XLA reverses
//!   the state into the counter). Counter `c + i` gives four
//!   words that fill elements `4i .. 4i + 4` of a 32-bit output in order; a 64-bit output
//!   pairs them as `w0 | w1 << 32` and `w2 | w3 << 32`. The new state adds the number of
//!   counters used.
//!
//! Float outputs reinterpret the generated bits. XLA's CPU backend gives the same bits for
//! every algorithm, state size and output width (`tools/rng_oracle.py` probes 80 cases).
//!
//! `rng` has no state in the interpreter: it runs Philox with key 0 from counter 0, so every
//! `rng` op with the same operands produces the same values (the spec leaves determinism to
//! the implementation). `UNIFORM` maps 24 (or 53 for `f64`) random bits into `[a, b)` for
//! floats and takes the bits modulo `b - a` for integers; `NORMAL` uses Box–Muller.

use super::dispatch::Claim;
use super::opattr::enum_attr;
use super::tensor::{Data, Elem, Tensor};
use super::Interpreter;
use egfuse_ir::floats::float_from_bits;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(match stem {
        "rng_bit_generator" => bit_generator(cx, op, args),
        "rng" => rng(cx, op, args).map(|t| vec![t]),
        _ => return None,
    })
}

fn bit_generator(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    let [state] = args else {
        return Err("rng_bit_generator takes one operand".to_string());
    };
    // The words as the unsigned integers they hold: a seed past 2^63 is common.
    let words: Vec<u64> = (state
        .ints()
        .ok_or("rng_bit_generator's state holds integers")?)
    .iter()
    .map(|&w| w as u64)
    .collect();
    let algorithm = enum_attr(cx, op, "rng_algorithm", "rng_algorithm").unwrap_or("DEFAULT");
    let out = cx.result_elem(op, 1)?;
    let shape: Vec<usize> = match cx.result_type(op, 1).and_then(|t| t.dims.as_ref()) {
        Some(d) if d.iter().all(|&x| x >= 0) => d.iter().map(|&x| x as usize).collect(),
        _ => return Err("rng_bit_generator needs a static output shape".to_string()),
    };
    let n: usize = shape.iter().product::<usize>();
    let width = match &out {
        Elem::Int { width, .. } => *width,
        Elem::Float(k) => k.bits(),
        other => return Err(format!("cannot generate bits of {}", other.name())),
    };
    let (bits, new_state) = match (algorithm, words.as_slice()) {
        ("THREE_FRY", [key, counter]) => threefry_bits(*key, *counter, &shape, width),
        // A state of two is the key and the counter's low word; the key is its high word too
        // (XLA reverses the state into the counter).
        ("PHILOX" | "DEFAULT", [key, lo]) => philox_bits(*key, (*lo, *key), n, width, 2),
        ("PHILOX" | "DEFAULT", [key, lo, hi]) => philox_bits(*key, (*lo, *hi), n, width, 3),
        _ => {
            return Err(format!(
                "{algorithm} needs a state of {} words, got {}",
                if algorithm == "THREE_FRY" {
                    "2"
                } else {
                    "2 or 3"
                },
                words.len()
            ))
        }
    };
    let state_out = Tensor::new(
        state.elem.clone(),
        state.shape.clone(),
        Data::Int(new_state.into_iter().map(|w| w as i128).collect()),
    );
    Ok(vec![state_out, bits_tensor(bits, &out, shape)])
}

fn bits_tensor(bits: Vec<u64>, out: &Elem, shape: Vec<usize>) -> Tensor {
    let data = match out {
        Elem::Float(k) => Data::Float(bits.into_iter().map(|b| float_from_bits(*k, b)).collect()),
        _ => Data::Int(bits.into_iter().map(|b| out.wrap(b as i128)).collect()),
    };
    Tensor::new(out.clone(), shape, data)
}

fn split(x: u64) -> [u32; 2] {
    [x as u32, (x >> 32) as u32]
}

fn join(lo: u32, hi: u32) -> u64 {
    lo as u64 | (hi as u64) << 32
}

/// Threefry-2x32, 20 rounds.
fn threefry(input: [u32; 2], key: [u32; 2]) -> [u32; 2] {
    const ROTATIONS: [[u32; 4]; 2] = [[13, 15, 26, 6], [17, 29, 16, 24]];
    let ks = [key[0], key[1], 0x1BD1_1BDA ^ key[0] ^ key[1]];
    let mut x = [input[0].wrapping_add(ks[0]), input[1].wrapping_add(ks[1])];
    for block in 0..5u32 {
        for &r in &ROTATIONS[block as usize % 2] {
            x[0] = x[0].wrapping_add(x[1]);
            x[1] = x[1].rotate_left(r) ^ x[0];
        }
        let s = block as usize + 1;
        x[0] = x[0].wrapping_add(ks[s % 3]);
        x[1] = x[1].wrapping_add(ks[(s + 1) % 3]).wrapping_add(block + 1);
    }
    x
}

fn threefry_bits(key: u64, counter: u64, shape: &[usize], width: u32) -> (Vec<u64>, Vec<u64>) {
    let key = split(key);
    let block = |i: usize| threefry(split(counter.wrapping_add(i as u64)), key);
    let n: usize = shape.iter().product();
    if width > 32 {
        let bits = (0..n).map(|i| {
            let [lo, hi] = block(i);
            join(lo, hi)
        });
        return (
            bits.collect(),
            vec![join(key[0], key[1]), counter.wrapping_add(n as u64)],
        );
    }
    let halves = Halves::of(shape);
    let blocks: Vec<[u32; 2]> = (0..halves.counters()).map(block).collect();
    let mask = if width >= 32 {
        u32::MAX
    } else {
        (1u32 << width) - 1
    };
    let bits = (0..n)
        .map(|i| {
            let (counter, word) = halves.place(i);
            (blocks[counter][word] & mask) as u64
        })
        .collect();
    (
        bits,
        vec![
            join(key[0], key[1]),
            counter.wrapping_add(halves.counters() as u64),
        ],
    )
}

/// How XLA lays out 32-bit Threefry words over a shape: the shape is split in halves along its
/// first even dimension (the first largest one when none is even); counter `c` runs over the
/// halved shape in row-major order, and its two words are neighbours along the split dimension.
struct Halves {
    shape: Vec<usize>,
    split: usize,
}

impl Halves {
    fn of(shape: &[usize]) -> Halves {
        let even = shape.iter().position(|&d| d % 2 == 0);
        let largest =
            (0..shape.len()).fold(0, |best, i| if shape[i] > shape[best] { i } else { best });
        Halves {
            shape: shape.to_vec(),
            split: even.unwrap_or(largest),
        }
    }

    /// How many counters the halved shape holds.
    fn counters(&self) -> usize {
        let mut half = self.shape.clone();
        if let Some(d) = half.get_mut(self.split) {
            *d = d.div_ceil(2);
        }
        half.iter().product()
    }

    /// The counter and word of element `i` (row-major) of the shape.
    fn place(&self, mut i: usize) -> (usize, usize) {
        let (mut counter, mut stride, mut word) = (0, 1, 0);
        for d in (0..self.shape.len()).rev() {
            let (n, k) = (self.shape[d], i % self.shape[d]);
            i /= n;
            let (k, n) = if d == self.split {
                word = k % 2;
                (k / 2, n.div_ceil(2))
            } else {
                (k, n)
            };
            counter += k * stride;
            stride *= n;
        }
        (counter, word)
    }
}

/// Philox-4x32, 10 rounds.
fn philox(mut x: [u32; 4], mut key: [u32; 2]) -> [u32; 4] {
    for _ in 0..10 {
        let p0 = 0xD251_1F53u64 * x[0] as u64;
        let p1 = 0xCD9E_8D57u64 * x[2] as u64;
        x = [
            (p1 >> 32) as u32 ^ x[1] ^ key[0],
            p1 as u32,
            (p0 >> 32) as u32 ^ x[3] ^ key[1],
            p0 as u32,
        ];
        key = [
            key[0].wrapping_add(0x9E37_79B9),
            key[1].wrapping_add(0xBB67_AE85),
        ];
    }
    x
}

fn philox_bits(
    key: u64,
    (lo, hi): (u64, u64),
    n: usize,
    width: u32,
    state_len: usize,
) -> (Vec<u64>, Vec<u64>) {
    let per_block = if width > 32 { 2 } else { 4 };
    let blocks = n.div_ceil(per_block);
    let start = lo as u128 | (hi as u128) << 64;
    let k = split(key);
    let mut bits = Vec::with_capacity(blocks * per_block);
    for i in 0..blocks {
        let c = start.wrapping_add(i as u128);
        let [a, b] = split(c as u64);
        let [d, e] = split((c >> 64) as u64);
        let w = philox([a, b, d, e], k);
        if width > 32 {
            bits.extend([join(w[0], w[1]), join(w[2], w[3])]);
        } else {
            let mask = if width >= 32 {
                u32::MAX
            } else {
                (1u32 << width) - 1
            };
            bits.extend(w.iter().map(|&x| (x & mask) as u64));
        }
    }
    bits.truncate(n);
    let end = start.wrapping_add(blocks as u128);
    let mut state = vec![key, end as u64];
    if state_len == 3 {
        state.push((end >> 64) as u64);
    }
    (bits, state)
}

fn rng(cx: &Interpreter, op: OpId, args: &[&Tensor]) -> Result<Tensor, String> {
    let [a, b, shape] = args else {
        return Err("rng takes three operands".to_string());
    };
    let shape: Vec<usize> = shape
        .as_indices()?
        .iter()
        .map(|&d| d.max(0) as usize)
        .collect();
    let n: usize = shape.iter().product();
    let normal = enum_attr(cx, op, "rng_distribution", "rng_distribution") == Some("NORMAL");
    let out = cx.result_elem(op, 0)?;
    let (bits, _) = philox_bits(0, (0, 0), 2 * n, 64, 3);
    let unit = |w: u64| (w >> 11) as f64 * 2f64.powi(-53);
    let data = match (&a.data, &b.data) {
        (Data::Float(x), Data::Float(y)) => {
            let (lo, hi) = (x[0], y[0]);
            Data::Float(
                (0..n)
                    .map(|i| {
                        let u = unit(bits[2 * i]);
                        let v = if normal {
                            let r = (-2.0 * (1.0 - u).ln()).sqrt();
                            lo + hi * r * (std::f64::consts::TAU * unit(bits[2 * i + 1])).cos()
                        } else {
                            lo + (hi - lo) * u
                        };
                        out.round(v).min(if normal { f64::INFINITY } else { hi })
                    })
                    .collect(),
            )
        }
        (Data::Int(x), Data::Int(y)) if !normal => {
            let span = (y[0] - x[0]).max(1) as u128;
            Data::Int(
                (0..n)
                    .map(|i| x[0] + (bits[2 * i] as u128 % span) as i128)
                    .collect(),
            )
        }
        _ => return Err("rng needs float bounds for NORMAL and matching bound kinds".into()),
    };
    Ok(Tensor::new(out, shape, data))
}
