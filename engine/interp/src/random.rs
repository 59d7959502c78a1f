//! Seeded random inputs for a function signature, for `egfuse eval --random` and
//! `egfuse verify`.
//!
//! Floats are drawn from a range that keeps `exp` and `log` finite: trial 0 of a seed draws
//! positive values in [0.125, 2) (so `log`, `sqrt` and `rsqrt` are defined), later trials draw
//! from [-2, 2) (so sign-dependent ops are exercised). Integers are drawn from [0, 8) so they are
//! safe as indices and shift amounts; booleans are fair coins. A dynamic dimension takes the
//! size `InputConfig::dim_size`, and when the signature has dynamic dimensions its scalar
//! integer arguments are taken to be JAX's dimension variables and get that size too.
//! [`scaled`] makes a draw small (where a wrong or missing epsilon shows), exactly.

use super::tensor::{Data, Elem, Tensor};
use super::Rt;
use egfuse_ir::{FloatKind, Type, DYNAMIC};
use num_complex::Complex64;

/// How to draw inputs.
#[derive(Clone, Copy, Debug)]
pub struct InputConfig {
    pub seed: u64,
    /// 0 draws positive floats; later trials draw signed ones.
    pub trial: u32,
    pub dim_size: usize,
}

/// The splitmix64 generator: tiny, fast, and stable across versions, so a seed always means
/// the same inputs.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Random arguments for a function whose argument types are `inputs`.
pub fn random_args(inputs: &[Type], cfg: InputConfig) -> Result<Vec<Rt>, String> {
    let mut rng = SplitMix(cfg.seed ^ (cfg.trial as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    let dynamic = inputs.iter().any(|t| {
        t.as_tensor()
            .and_then(|t| t.dims.as_ref())
            .is_some_and(|d| d.contains(&DYNAMIC))
    });
    inputs
        .iter()
        .enumerate()
        .map(|(i, ty)| {
            let t = ty
                .as_tensor()
                .ok_or_else(|| format!("argument {i} is not a tensor ({ty})"))?;
            let dims = t
                .dims
                .as_ref()
                .ok_or_else(|| format!("argument {i} has an unranked type"))?;
            let shape: Vec<usize> = dims
                .iter()
                .map(|&d| {
                    if d == DYNAMIC {
                        cfg.dim_size
                    } else {
                        d as usize
                    }
                })
                .collect();
            let elem = Elem::from_type(&t.elem).map_err(|e| format!("argument {i}: {e}"))?;
            if dynamic && shape.is_empty() && matches!(elem, Elem::Int { width: 32 | 64, .. }) {
                return Ok(Rt::tensor(Tensor::scalar(
                    elem,
                    Data::Int(vec![cfg.dim_size as i128]),
                )));
            }
            Ok(Rt::tensor(draw(&mut rng, elem, shape, cfg.trial)))
        })
        .collect()
}

fn draw(rng: &mut SplitMix, elem: Elem, shape: Vec<usize>, trial: u32) -> Tensor {
    let n: usize = shape.iter().product();
    let real = |rng: &mut SplitMix| {
        if trial == 0 {
            0.125 + 1.875 * rng.unit()
        } else {
            -2.0 + 4.0 * rng.unit()
        }
    };
    let data = match &elem {
        // An E8M0 scale has no sign: a negative draw would be its NaN.
        Elem::Float(FloatKind::F8E8M0FNU) => {
            Data::Float((0..n).map(|_| elem.round(real(rng).abs())).collect())
        }
        Elem::Float(_) => Data::Float((0..n).map(|_| elem.round(real(rng))).collect()),
        Elem::Complex(_) => Data::Complex(
            (0..n)
                .map(|_| Complex64::new(elem.round(real(rng)), elem.round(real(rng))))
                .collect(),
        ),
        Elem::Int { width: 1, .. } => Data::Int((0..n).map(|_| (rng.next() & 1) as i128).collect()),
        Elem::Int { .. } => Data::Int(
            (0..n)
                .map(|_| elem.wrap((rng.next() % 8) as i128))
                .collect(),
        ),
        Elem::Quant(q) => {
            let span = (q.storage_max - q.storage_min + 1) as u64;
            Data::Int(
                (0..n)
                    .map(|_| q.storage_min + (rng.next() % span) as i128)
                    .collect(),
            )
        }
    };
    Tensor::new(elem, shape, data)
}

/// `inputs` with every float multiplied by `factor`, a power of two so that the scaling is
/// exact; other values as they are.
pub fn scaled(inputs: &[Rt], factor: f64) -> Vec<Rt> {
    debug_assert_eq!(factor.log2().fract(), 0.0, "{factor} is a power of two");
    let scale = |r: &Rt| match r.as_tensor() {
        Some(t) if t.elem.is_float() || matches!(t.elem, Elem::Complex(_)) => {
            let mut t = t.clone();
            match &mut t.data {
                Data::Float(v) => v.iter_mut().for_each(|x| *x *= factor),
                Data::Complex(v) => v.iter_mut().for_each(|z| *z *= factor),
                Data::Int(_) => {}
            }
            Rt::tensor(t)
        }
        _ => r.clone(),
    };
    inputs.iter().map(scale).collect()
}
