//! The interpreter's memory bound: how many bytes a value takes in the interpreter's storage,
//! how many a result of a static type will take, and the check an op passes before it runs.
//!
//! Elements are held as `f64` (8 bytes) or as `i128` and `Complex64` (16 bytes), whatever their
//! IR width, so an `f32` tensor of `n` elements takes `8 n` bytes here. A result whose type is
//! static is weighed before the op allocates anything; a shape read from a runtime value
//! (`dynamic_broadcast_in_dim`, `dynamic_iota`) is weighed before the op builds it.

use super::{EvalError, Interpreter, Rt};
use egfuse_ir::{ElemType, OpId, TensorType, Type};

/// The bytes one element of `elem` takes in the interpreter's storage.
pub fn elem_bytes(elem: &ElemType) -> u64 {
    match elem {
        ElemType::Float(_) => 8,
        _ => 16,
    }
}

/// The bytes a runtime value holds (a tuple the sum of its items).
pub fn value_bytes(v: &Rt) -> u64 {
    match v {
        Rt::Tensor(t) => {
            let per = match t.data {
                super::Data::Float(_) => 8,
                _ => 16,
            };
            per * t.len() as u64
        }
        Rt::Token => 0,
        Rt::Tuple(items) => items.iter().map(value_bytes).sum(),
    }
}

/// The number of elements of `shape`, or an error when it does not fit in 64 bits.
pub fn element_count(shape: impl IntoIterator<Item = u64>) -> Option<u64> {
    shape.into_iter().try_fold(1u64, |n, d| n.checked_mul(d))
}

/// The bytes a value of type `ty` will take when all its dimensions are static (`Ok(None)`
/// when one is dynamic), or an error naming the type when its element count overflows.
pub fn static_bytes(ty: &Type) -> Result<Option<u64>, String> {
    match ty {
        Type::Tensor(t) => tensor_bytes(t),
        Type::Tuple(items) => items.iter().try_fold(Some(0u64), |sum, t| {
            Ok(match (sum, static_bytes(t)?) {
                (Some(a), Some(b)) => Some(a.saturating_add(b)),
                _ => None,
            })
        }),
        _ => Ok(Some(0)),
    }
}

fn tensor_bytes(t: &TensorType) -> Result<Option<u64>, String> {
    let Some(dims) = &t.dims else { return Ok(None) };
    if dims.iter().any(|&d| d < 0) {
        return Ok(None);
    }
    let overflow = || {
        format!(
            "{} has more elements than fit in 64 bits",
            Type::Tensor(t.clone())
        )
    };
    let count = element_count(dims.iter().map(|&d| d as u64)).ok_or_else(overflow)?;
    Ok(Some(count.saturating_mul(elem_bytes(&t.elem))))
}

/// `1.5 GiB`, `512 MiB`, `96 B`: a byte count for messages.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let text = format!("{value:.1}");
    format!("{} {}", text.trim_end_matches(".0"), UNITS[unit])
}

impl Interpreter<'_> {
    /// Checks, before `op` runs, that its statically typed results fit in what the run may
    /// still hold.
    pub(super) fn admit_results(&self, op: OpId) -> Result<(), EvalError> {
        let m = self.module;
        let error = |message| EvalError {
            op: Some(op),
            message,
        };
        let results = &m.op(op).results;
        let mut need = 0u64;
        for &v in results {
            let bytes = static_bytes(m.ty(v)).map_err(error)?;
            need = need.saturating_add(bytes.unwrap_or(0));
        }
        let what = match results[..] {
            [v] => format!("the result {}", m.ty(v)),
            _ => format!("the {} results", results.len()),
        };
        self.admit(need, &what).map_err(error)
    }

    /// Checks that a tensor of `shape` (elements of `per` bytes each) fits in what the run may
    /// still hold; `what` names it in the message.
    pub(super) fn admit_shape(&self, shape: &[usize], per: u64, what: &str) -> Result<(), String> {
        let count = element_count(shape.iter().map(|&d| d as u64)).ok_or_else(|| {
            format!("{what} of shape {shape:?} has more elements than fit in 64 bits")
        })?;
        self.admit(count.saturating_mul(per), what)
    }

    /// Checks that `need` more bytes fit under [`super::Limits::max_memory`].
    fn admit(&self, need: u64, what: &str) -> Result<(), String> {
        let limit = self.limits.max_memory;
        if self.held.saturating_add(need) <= limit {
            return Ok(());
        }
        let held = match self.held {
            0 => String::new(),
            h => format!(" on top of the {} the run holds", human(h)),
        };
        Err(format!(
            "{what} would need {}{held}, more than the interpreter's memory limit of {} \
             (raise it with --max-memory)",
            human(need),
            human(limit)
        ))
    }

    /// Drops the value of `v`, which no op reads again, keeping [`Interpreter::held`] the bytes
    /// of every bound value. A float buffer no one else holds goes to [`super::pool`] for a later
    /// result.
    pub(super) fn unbind(&mut self, v: egfuse_ir::ValueId) {
        if let Some(old) = self.env.remove(&v) {
            self.held = self.held.saturating_sub(value_bytes(&old));
            if let Rt::Tensor(t) = old {
                if let Ok(super::Tensor {
                    data: super::Data::Float(buffer),
                    ..
                }) = std::rc::Rc::try_unwrap(t)
                {
                    super::pool::give(buffer);
                }
            }
        }
    }

    /// Binds `v` to `r`, keeping [`Interpreter::held`] the bytes of every bound value.
    pub(super) fn bind(&mut self, v: egfuse_ir::ValueId, r: Rt) {
        self.held = self.held.saturating_add(value_bytes(&r));
        if let Some(old) = self.env.insert(v, r) {
            self.held = self.held.saturating_sub(value_bytes(&old));
        }
    }
}
