//! Runs a device program on one HBM of bytes, as the core would in program order: each
//! tensor is read from and written to its placed bytes (an alias reads its base's as its own
//! type), each call runs its kernel in the kernel interpreter, and the control flow runs as
//! written. A wrong placement or a missing copy shows in the results. A run stops with a
//! diagnostic at its limits.

use super::{Device, Origin, Step, TensorId};
use crate::{interp, Dtype, Kernel};
use egfuse_diag::Diag;
use egfuse_ir::floats::{float_from_bits, float_to_bits};
use std::collections::HashMap;

/// How much one run may do.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Loop trips, over every loop of the run.
    pub max_trips: u64,
    /// The HBM bytes the program may place.
    pub max_bytes: u64,
    /// Each call's limits.
    pub kernel: interp::Limits,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_trips: 1_000_000,
            max_bytes: 1 << 32,
            kernel: interp::Limits::default(),
        }
    }
}

/// Runs `d`, which calls `kernels`, on `inputs` (one per input, by position) and `consts`
/// (one per constant tensor, in declaration order), each row-major; returns its results.
pub fn run(
    d: &Device,
    kernels: &[&Kernel],
    inputs: &[Vec<f64>],
    consts: &[Vec<f64>],
    limits: &Limits,
) -> Result<Vec<Vec<f64>>, Diag> {
    if let Some(problem) = super::verify::device(d, kernels).into_iter().next() {
        return Err(problem);
    }
    let bytes = d.hbm_bytes();
    if bytes > limits.max_bytes {
        let msg = format!(
            "the program places {bytes} bytes; the limit is {}",
            limits.max_bytes
        );
        return Err(Diag::new("nisa::limit", d.span, msg).with_label("too large to run"));
    }
    let mut m = Machine {
        d,
        kernels: kernels.iter().map(|k| (&*k.name, *k)).collect(),
        hbm: vec![0; bytes as usize],
        trips: 0,
        limits,
    };
    let mut next_const = consts.iter();
    for (n, t) in d.tensors.iter().enumerate() {
        let values = match t.origin {
            Origin::Input(i) => inputs.get(i as usize),
            Origin::Const => next_const.next(),
            Origin::Alias(_) | Origin::Temp => continue,
        };
        let values = values.ok_or_else(|| {
            Diag::new(
                "nisa::input",
                t.span,
                format!("no value given for `%{}`", t.name),
            )
            .with_label("an input or constant of the program")
        })?;
        m.store(TensorId(n as u32), values)?;
    }
    m.steps(&d.body)?;
    d.results.iter().map(|&r| Ok(m.load(r))).collect()
}

struct Machine<'a> {
    d: &'a Device,
    kernels: HashMap<&'a str, &'a Kernel>,
    hbm: Vec<u8>,
    trips: u64,
    limits: &'a Limits,
}

/// Whether the steps ran to their end or an `exit` left the loop around them.
#[derive(PartialEq)]
enum Flow {
    Next,
    Exit,
}

impl Machine<'_> {
    fn steps(&mut self, steps: &[Step]) -> Result<Flow, Diag> {
        for s in steps {
            match s {
                Step::Call {
                    kernel,
                    args,
                    results,
                    span,
                } => {
                    let k = self.kernels[kernel.as_str()];
                    let values: Vec<Vec<f64>> = args.iter().map(|&a| self.load(a)).collect();
                    let out = interp::run(k, &values, &self.limits.kernel).map_err(|e| {
                        Diag::new(e.code, *span, format!("`@{kernel}`: {}", e.message))
                            .with_label("this call")
                    })?;
                    for (&r, v) in results.iter().zip(&out) {
                        self.store(r, v)?;
                    }
                }
                Step::Copy { src, dst, .. } => {
                    let (a, b) = (self.range(*src), self.range(*dst));
                    self.hbm.copy_within(a, b.start);
                }
                Step::Loop { body, span } => loop {
                    self.trips += 1;
                    if self.trips > self.limits.max_trips {
                        let msg = format!("more than {} loop trips", self.limits.max_trips);
                        return Err(Diag::new("nisa::limit", *span, msg)
                            .with_label("this loop was still running"));
                    }
                    if self.steps(body)? == Flow::Exit {
                        break;
                    }
                },
                Step::Exit { unless, .. } => {
                    if self.load(*unless)[0] == 0.0 {
                        return Ok(Flow::Exit);
                    }
                }
                Step::Switch { on, arms, .. } => {
                    let i = self.load(*on)[0];
                    let arm = if i >= 0.0 && i < arms.len() as f64 {
                        i as usize
                    } else {
                        arms.len() - 1
                    };
                    if self.steps(&arms[arm])? == Flow::Exit {
                        return Ok(Flow::Exit);
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// The byte range `t` occupies.
    fn range(&self, t: TensorId) -> std::ops::Range<usize> {
        let off = self.d.offset(t).expect("verified: placed") as usize;
        off..off + self.d.tensor(t).bytes() as usize
    }

    fn load(&self, t: TensorId) -> Vec<f64> {
        let dtype = self.d.tensor(t).dtype;
        let w = dtype.bytes() as usize;
        let r = self.range(t);
        self.hbm[r]
            .chunks_exact(w)
            .map(|c| decode(dtype, c))
            .collect()
    }

    fn store(&mut self, t: TensorId, values: &[f64]) -> Result<(), Diag> {
        let tensor = self.d.tensor(t);
        let (dtype, r) = (tensor.dtype, self.range(t));
        let w = dtype.bytes() as usize;
        if values.len() * w != r.len() {
            let msg = format!(
                "`%{}` holds {} values; {} were written",
                tensor.name,
                r.len() / w,
                values.len()
            );
            return Err(Diag::new("nisa::device", tensor.span, msg).with_label("this tensor"));
        }
        for (c, &x) in self.hbm[r].chunks_exact_mut(w).zip(values) {
            encode(dtype, x, c);
        }
        Ok(())
    }
}

/// One element of `d` from its little-endian bytes.
pub fn decode(d: Dtype, bytes: &[u8]) -> f64 {
    let mut raw = [0u8; 8];
    raw[..bytes.len()].copy_from_slice(bytes);
    let bits = u64::from_le_bytes(raw);
    if let Some(k) = d.float_kind() {
        return float_from_bits(k, bits);
    }
    let width = 8 * bytes.len() as u32;
    match d {
        Dtype::I32 | Dtype::I16 | Dtype::I8 => {
            (((bits << (64 - width)) as i64) >> (64 - width)) as f64
        }
        _ => bits as f64,
    }
}

/// `x`, a value `d` holds, as its little-endian bytes.
pub fn encode(d: Dtype, x: f64, out: &mut [u8]) {
    let bits = match d.float_kind() {
        Some(k) => float_to_bits(k, x),
        None => (x as i64) as u64,
    };
    out.copy_from_slice(&bits.to_le_bytes()[..out.len()]);
}
