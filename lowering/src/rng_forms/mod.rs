//! `rng-forms`: `rng_bit_generator` spelled as the StableHLO ops of its algorithm over a vector
//! of counters, before fusion, so that fusion makes it one elementwise kernel of integer ops:
//! the engines have no random number generator the program could share with XLA, and the bits
//! must be XLA's (`tools/rng_oracle.py` pins the reference interpreter to them, and `--check`
//! runs the device program against the interpreter).
//!
//! The state's `ui64` words are read as `ui32` pairs through a bitcast (its own bytes, no
//! kernel), so no 64-bit value is ever computed: key `(k0, k1)` is `state[0]`, the counter the
//! rest (XLA's `RngBitGeneratorExpander`):
//! - `THREE_FRY` (a state of 2): Threefry-2x32 of counter `state[1] + i` (`rounds::threefry`).
//!   A 32-bit output splits its shape in halves along the first even dimension (the first
//!   largest when none is even), the counters run over the halved shape and each block's two
//!   words are neighbours along that dimension; a 64-bit output is one block per element.
//! - `PHILOX` and `DEFAULT` (a state of 2 or 3): Philox-4x32 of the 128-bit counter
//!   `state[1] | state[2] << 64` plus `i` (for a state of 2, `state[0]` is the high half),
//!   its four words filling four 32-bit elements in order, or two 64-bit ones.
//! - 8- and 16-bit outputs keep the low bits of the 32-bit ones, `f32` and signed outputs
//!   reinterpret them; the new state adds the counters used.
//!
//! Invariant: the rewritten module computes the op's state and bits exactly, for every
//! algorithm, state size and output type rewritten (`tests`); any other output (`f16`, `f64`)
//! is left as it is and stays a diagnostic.

mod rounds;
#[cfg(test)]
mod tests;

use crate::conv_forms::{rewrite_top_level, slice};
use crate::emit::At;
use egfuse_ir::facts::attr_ref;
use egfuse_ir::{Attr, ElemType, Module, NamedAttr, OpId, Signedness, TensorType, Type, ValueId};

const U32: ElemType = ElemType::Int {
    sign: Signedness::Unsigned,
    width: 32,
};

/// Rewrites every top-level `rng_bit_generator` of `m`; returns how many.
pub fn expand(m: &mut Module) -> usize {
    rewrite_top_level(m, "stablehlo.rng_bit_generator", rewrite)
}

/// The algorithm an op names, `DEFAULT` being XLA's CPU and GPU choice, Philox.
#[derive(Clone, Copy, PartialEq)]
enum Algorithm {
    ThreeFry,
    Philox,
}

fn rewrite(m: &mut Module, op: OpId) -> Option<()> {
    let o = m.op(op);
    let algorithm = match attr_ref(m, op, "rng_algorithm")
        .as_deref()?
        .enum_value("rng_algorithm")?
    {
        "THREE_FRY" => Algorithm::ThreeFry,
        "PHILOX" | "DEFAULT" => Algorithm::Philox,
        _ => return None,
    };
    let [state_out, bits] = o.results[..] else {
        return None;
    };
    let state = *o.operands.first()?;
    let words = m.ty(state).dims()?.first().copied()?;
    let out = m.ty(bits).as_tensor()?.clone();
    let shape = out.dims.clone()?;
    let width = match &out.elem {
        ElemType::Int { width, .. } if [8, 16, 32, 64].contains(width) => *width,
        ElemType::Float(k) if k.bits() == 32 => 32,
        _ => return None,
    };
    match (algorithm, words) {
        (Algorithm::ThreeFry, 2) | (Algorithm::Philox, 2 | 3) => {}
        _ => return None,
    }
    let mut g = Gen { m, op };
    let (key, counter) = g.state_words(state, words, algorithm);
    let (generated, used) = match (algorithm, width) {
        (Algorithm::ThreeFry, 64) => g.threefry_wide(key, &counter, &shape),
        (Algorithm::ThreeFry, _) => g.threefry_halves(key, &counter, &shape),
        (Algorithm::Philox, _) => g.philox(key, &counter, &shape, width),
    };
    let value = g.typed(generated, &shape, &out.elem, width);
    let next = g.next_state(key, &counter, used, words);
    m.replace_all_uses(bits, value);
    m.replace_all_uses(state_out, next);
    m.erase_op(op).ok()
}

/// Ops built before the rewritten op.
struct Gen<'m> {
    m: &'m mut Module,
    op: OpId,
}

fn u32s(dims: Vec<i64>) -> Type {
    Type::tensor(dims, U32)
}

impl Gen<'_> {
    fn op(
        &mut self,
        name: &str,
        operands: Vec<ValueId>,
        props: Vec<NamedAttr>,
        ty: Type,
    ) -> ValueId {
        self.m.create_before(self.op, (name, operands, props), ty)
    }

    fn reshape(&mut self, v: ValueId, dims: Vec<i64>) -> ValueId {
        let elem = self.m.ty(v).elem().cloned().unwrap_or(U32);
        self.op(
            "stablehlo.reshape",
            vec![v],
            Vec::new(),
            Type::tensor(dims, elem),
        )
    }

    /// Values of one shape joined along `dim`.
    fn concat(&mut self, parts: Vec<ValueId>, dim: usize) -> ValueId {
        let mut dims = crate::conv_forms::dims_of(self.m, parts[0]);
        dims[dim] *= parts.len() as i64;
        let props = vec![NamedAttr::new("dimension", Attr::i64(dim as i64))];
        self.op("stablehlo.concatenate", parts, props, u32s(dims))
    }

    /// The state's words as `ui32` scalars: the key's two, then the counter's, least
    /// significant first (four for Philox: a state of 2 takes the key as the high half).
    fn state_words(
        &mut self,
        state: ValueId,
        words: i64,
        algorithm: Algorithm,
    ) -> ([ValueId; 2], Vec<ValueId>) {
        let pairs = self.op(
            "stablehlo.bitcast_convert",
            vec![state],
            Vec::new(),
            u32s(vec![words, 2]),
        );
        let mut scalar = |r: i64, c: i64| {
            let one = slice(
                self.m,
                self.op,
                pairs,
                [vec![r, c], vec![r + 1, c + 1], vec![1, 1]],
            );
            self.reshape(one, Vec::new())
        };
        let key = [scalar(0, 0), scalar(0, 1)];
        let mut counter: Vec<ValueId> = (1..words)
            .flat_map(|r| [scalar(r, 0), scalar(r, 1)])
            .collect();
        if words == 2 && algorithm == Algorithm::Philox {
            counter.extend(key);
        }
        (key, counter)
    }

    /// A builder computing on `n` counters, the counter words `start + i` for each, and the
    /// key's words spread over them.
    fn counters(
        &mut self,
        start: &[ValueId],
        key: [ValueId; 2],
        n: i64,
    ) -> (At<'_>, Vec<ValueId>, [ValueId; 2]) {
        let ty = TensorType::ranked(vec![n], U32);
        let props = vec![NamedAttr::new("iota_dimension", Attr::i64(0))];
        let index = self.op("stablehlo.iota", Vec::new(), props, u32s(vec![n]));
        let mut spread: Vec<ValueId> = (start.iter().chain(&key))
            .map(|&w| {
                let props = vec![NamedAttr::new(
                    "broadcast_dimensions",
                    Attr::i64_array(vec![]),
                )];
                self.op("stablehlo.broadcast_in_dim", vec![w], props, u32s(vec![n]))
            })
            .collect();
        let key = [spread[start.len()], spread[start.len() + 1]];
        spread.truncate(start.len());
        let mut b = At::new(&mut *self.m, self.op, &ty, U32);
        let words = rounds::add_carrying(&mut b, &spread, index);
        (b, words, key)
    }

    /// 64-bit Threefry bits: one block per element, as `[n, 2]` words (low, high).
    fn threefry_wide(
        &mut self,
        key: [ValueId; 2],
        counter: &[ValueId],
        shape: &[i64],
    ) -> (ValueId, i64) {
        let n: i64 = shape.iter().product();
        let (mut b, x, key) = self.counters(counter, key, n);
        let words = rounds::threefry(&mut b, [x[0], x[1]], key);
        let pairs = words.map(|w| self.reshape(w, vec![n, 1]));
        (self.concat(pairs.to_vec(), 1), n)
    }

    /// 32-bit Threefry bits in XLA's halves layout, in the output's shape.
    fn threefry_halves(
        &mut self,
        key: [ValueId; 2],
        counter: &[ValueId],
        shape: &[i64],
    ) -> (ValueId, i64) {
        let split = (shape.iter().position(|&d| d % 2 == 0)).unwrap_or_else(|| {
            (0..shape.len()).fold(0, |best, i| if shape[i] > shape[best] { i } else { best })
        });
        let mut half: Vec<i64> = shape.to_vec();
        if let Some(d) = half.get_mut(split) {
            *d = (*d + 1) / 2;
        }
        let n: i64 = half.iter().product();
        let (mut b, x, key) = self.counters(counter, key, n);
        let words = rounds::threefry(&mut b, [x[0], x[1]], key);
        if shape.is_empty() {
            return (self.reshape(words[0], Vec::new()), 1);
        }
        let mut unit = half.clone();
        unit.insert(split + 1, 1);
        let pairs = words.map(|w| self.reshape(w, unit.clone()));
        let joined = self.concat(pairs.to_vec(), split + 1);
        let mut even = shape.to_vec();
        even[split] = half[split] * 2;
        let whole = self.reshape(joined, even.clone());
        (self.cut(whole, &even, shape), n)
    }

    /// `v` of dims `have` sliced down to `want` when they differ.
    fn cut(&mut self, v: ValueId, have: &[i64], want: &[i64]) -> ValueId {
        if have == want {
            return v;
        }
        let rank = want.len();
        slice(
            self.m,
            self.op,
            v,
            [vec![0; rank], want.to_vec(), vec![1; rank]],
        )
    }

    /// Philox bits: four 32-bit words per counter in order, `[N]` of them for a 32-bit output
    /// or `[N, 2]` (low, high) for a 64-bit one.
    fn philox(
        &mut self,
        key: [ValueId; 2],
        counter: &[ValueId],
        shape: &[i64],
        width: u32,
    ) -> (ValueId, i64) {
        let n: i64 = shape.iter().product();
        let per = if width == 64 { 2 } else { 4 };
        let blocks = (n + per - 1) / per;
        let (mut b, x, key) = self.counters(counter, key, blocks);
        let words = rounds::philox(&mut b, [x[0], x[1], x[2], x[3]], key);
        let columns = words.map(|w| self.reshape(w, vec![blocks, 1]));
        let table = self.concat(columns.to_vec(), 1);
        let value = if width == 64 {
            let pairs = self.reshape(table, vec![blocks * 2, 2]);
            self.cut(pairs, &[blocks * 2, 2], &[n, 2])
        } else {
            let flat = self.reshape(table, vec![blocks * 4]);
            self.cut(flat, &[blocks * 4], &[n])
        };
        (value, blocks)
    }

    /// The generated words as the output's type: 64-bit values from `[n, 2]` word pairs,
    /// narrower integers from the low bits, `f32` and signed integers reinterpreted.
    fn typed(&mut self, words: ValueId, shape: &[i64], elem: &ElemType, width: u32) -> ValueId {
        let n: i64 = shape.iter().product();
        let flat = self.reshape(words, if width == 64 { vec![n, 2] } else { vec![n] });
        let value = match (elem, width) {
            (
                ElemType::Int {
                    sign: Signedness::Unsigned,
                    ..
                },
                32,
            ) => flat,
            (_, 64) | (ElemType::Float(_), _) | (ElemType::Int { .. }, 32) => self.op(
                "stablehlo.bitcast_convert",
                vec![flat],
                Vec::new(),
                Type::tensor(vec![n], elem.clone()),
            ),
            _ => {
                let ty = TensorType::ranked(vec![n], U32);
                let mut b = At::new(self.m, self.op, &ty, U32);
                let mask = b.splat(&((1u64 << width) - 1).to_string());
                let low = b.of("stablehlo.and", vec![flat, mask]);
                b.op(
                    "stablehlo.convert",
                    vec![low],
                    &Type::tensor(vec![n], elem.clone()),
                )
            }
        };
        self.reshape(value, shape.to_vec())
    }

    /// The new state: the key, and the counter plus the counters used (a state of 2 keeps
    /// only its counter's low 64 bits), as the state's `ui64` words.
    fn next_state(
        &mut self,
        key: [ValueId; 2],
        counter: &[ValueId],
        used: i64,
        words: i64,
    ) -> ValueId {
        let ty = TensorType::ranked(Vec::new(), U32);
        let mut b = At::new(self.m, self.op, &ty, U32);
        let n = b.splat(&used.to_string());
        let kept = &counter[..2 * (words as usize - 1)];
        let advanced = rounds::add_carrying(&mut b, kept, n);
        let all: Vec<ValueId> = key
            .into_iter()
            .chain(advanced)
            .map(|w| self.reshape(w, vec![1, 1]))
            .collect();
        let rows: Vec<ValueId> = all.chunks(2).map(|p| self.concat(p.to_vec(), 1)).collect();
        let pairs = self.concat(rows, 0);
        let state = Type::tensor(
            vec![words],
            ElemType::Int {
                sign: Signedness::Unsigned,
                width: 64,
            },
        );
        self.op("stablehlo.bitcast_convert", vec![pairs], Vec::new(), state)
    }
}
