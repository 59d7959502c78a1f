//! `pad` and `dynamic_pad`: edge padding (negative values crop) and interior padding between
//! elements, with the padding value as a scalar operand.

use super::dispatch::Claim;
use super::layout::{filled, required_ints, steps};
use super::tensor::{next_index, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    let out = match stem {
        "pad" => (|| {
            let lo = required_ints(cx, op, "edge_padding_low")?;
            let hi = required_ints(cx, op, "edge_padding_high")?;
            let interior = required_ints(cx, op, "interior_padding")?;
            pad(args[0], args[1], &lo, &hi, &interior)
        })(),
        "dynamic_pad" => (|| {
            let [t, value, lo, hi, interior] = args else {
                return Err("dynamic_pad takes five operands".to_string());
            };
            let (lo, hi, interior) = (lo.as_indices()?, hi.as_indices()?, interior.as_indices()?);
            pad(t, value, &lo, &hi, &interior)
        })(),
        _ => return None,
    };
    Some(out.map(|t| vec![t]))
}

/// Pads `t` with the scalar `value`: `lo[d]` before, `hi[d]` after (negative crops) and
/// `interior[d]` between each pair of elements of dimension `d`.
pub fn pad(
    t: &Tensor,
    value: &Tensor,
    lo: &[i64],
    hi: &[i64],
    interior: &[i64],
) -> Result<Tensor, String> {
    let r = t.rank();
    if lo.len() != r || hi.len() != r || interior.len() != r {
        return Err(format!("padding does not match rank {r}"));
    }
    let mut shape = Vec::with_capacity(r);
    for d in 0..r {
        if interior[d] < 0 {
            return Err(format!("negative interior padding {}", interior[d]));
        }
        let n = t.shape[d] as i64;
        let size = lo[d] + hi[d] + n + (n - 1).max(0) * interior[d];
        if size < 0 {
            return Err(format!("padding makes dimension {d} negative ({size})"));
        }
        shape.push(size as usize);
    }
    let mut out = filled(value, shape.clone())?;
    if t.is_empty() {
        return Ok(out);
    }
    let dst = steps(&shape);
    let mut index = vec![0usize; r];
    for i in 0..t.len() {
        let mut offset = 0isize;
        let mut inside = true;
        for d in 0..r {
            let p = lo[d] + index[d] as i64 * (interior[d] + 1);
            inside &= p >= 0 && p < shape[d] as i64;
            offset += p as isize * dst[d];
        }
        if inside {
            out.data.set_from(offset as usize, &t.data, i);
        }
        next_index(&mut index, &t.shape);
    }
    Ok(out)
}
