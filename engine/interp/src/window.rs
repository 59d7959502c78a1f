//! Windowed ops: `reduce_window` (variadic; window strides, base and window dilations,
//! padding) and `select_and_scatter`.
//!
//! Like XLA, padding and base-dilation holes are skipped rather than fed to the body as init
//! values; with the identity init values JAX emits the results are the same, and the body runs
//! fewer times.

use super::body::Body;
use super::dispatch::Claim;
use super::layout::{filled, int_list, required_ints, steps};
use super::tensor::{next_index, Tensor};
use super::Interpreter;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    Some(match stem {
        "reduce_window" => reduce_window(cx, op, args),
        "select_and_scatter" => select_and_scatter(cx, op, args),
        _ => return None,
    })
}

/// The window geometry of a windowed op over an operand of rank `dims.len()`.
struct Window {
    dims: Vec<usize>,
    strides: Vec<usize>,
    base_dilations: Vec<usize>,
    window_dilations: Vec<usize>,
    /// `(low, high)` padding per dimension.
    padding: Vec<(i64, i64)>,
}

impl Window {
    fn read(cx: &Interpreter, op: OpId, rank: usize) -> Result<Window, String> {
        let positive = |name: &str| -> Result<Vec<usize>, String> {
            let v = int_list(cx, op, name)?.unwrap_or_else(|| vec![1; rank]);
            if v.len() != rank || v.iter().any(|&x| x < 1) {
                return Err(format!("`{name}` must hold {rank} positive values"));
            }
            Ok(v.into_iter().map(|x| x as usize).collect())
        };
        let dims: Vec<usize> = required_ints(cx, op, "window_dimensions")?
            .into_iter()
            .map(|x| usize::try_from(x).map_err(|_| format!("negative window size {x}")))
            .collect::<Result<_, _>>()?;
        if dims.len() != rank {
            return Err(format!("window of rank {} for rank {rank}", dims.len()));
        }
        let pad = int_list(cx, op, "padding")?.unwrap_or_else(|| vec![0; 2 * rank]);
        if pad.len() != 2 * rank {
            return Err(format!("padding must hold {rank} pairs"));
        }
        Ok(Window {
            dims,
            strides: positive("window_strides")?,
            base_dilations: positive("base_dilations")?,
            window_dilations: positive("window_dilations")?,
            padding: pad.chunks(2).map(|p| (p[0], p[1])).collect(),
        })
    }

    /// The number of window positions along each dimension of an operand of `shape`.
    fn out_shape(&self, shape: &[usize]) -> Vec<usize> {
        (0..shape.len())
            .map(|d| {
                let n = shape[d] as i64;
                let (lo, hi) = self.padding[d];
                let padded = lo
                    + hi
                    + if n == 0 {
                        0
                    } else {
                        (n - 1) * self.base_dilations[d] as i64 + 1
                    };
                let span = (self.dims[d] as i64 - 1) * self.window_dilations[d] as i64 + 1;
                if padded < span {
                    0
                } else {
                    ((padded - span) / self.strides[d] as i64 + 1) as usize
                }
            })
            .collect()
    }

    /// Appends to `out` the operand offsets inside the window at output index `at`, in
    /// row-major window order, skipping padding and dilation holes.
    fn positions(&self, shape: &[usize], at: &[usize], out: &mut Vec<usize>) {
        out.clear();
        let st = steps(shape);
        let mut k = vec![0usize; self.dims.len()];
        if self.dims.contains(&0) {
            return;
        }
        loop {
            let mut offset = 0isize;
            let inside = (0..shape.len()).all(|d| {
                let p = (at[d] * self.strides[d] + k[d] * self.window_dilations[d]) as i64
                    - self.padding[d].0;
                let bd = self.base_dilations[d] as i64;
                let ok = p >= 0 && p % bd == 0 && p / bd < shape[d] as i64;
                offset += (p / bd) as isize * st[d];
                ok
            });
            if inside {
                out.push(offset as usize);
            }
            if !next_index(&mut k, &self.dims) {
                break;
            }
        }
    }
}

fn reduce_window(cx: &mut Interpreter, op: OpId, args: &[&Tensor]) -> Result<Vec<Tensor>, String> {
    if !args.len().is_multiple_of(2) || args.is_empty() {
        return Err("reduce_window takes as many init values as inputs".to_string());
    }
    let (inputs, inits) = args.split_at(args.len() / 2);
    let shape = &inputs[0].shape;
    let window = Window::read(cx, op, shape.len())?;
    let out_shape = window.out_shape(shape);
    let mut accs: Vec<Tensor> = inits
        .iter()
        .map(|init| filled(init, out_shape.clone()))
        .collect::<Result<_, _>>()?;
    let body = Body::new(cx, op, 0)?;
    let mut at = vec![0usize; out_shape.len()];
    let mut offsets = Vec::new();
    for ai in 0..accs[0].len() {
        window.positions(shape, &at, &mut offsets);
        for &si in &offsets {
            body.fold(cx, &mut accs, ai, inputs, si)?;
        }
        next_index(&mut at, &out_shape);
    }
    Ok(accs)
}

/// `select_and_scatter`: each window of the operand selects one element with the `select`
/// body (the first element wins unless `select(current, candidate)` is false); the matching
/// source element is combined into the result there with the `scatter` body.
fn select_and_scatter(
    cx: &mut Interpreter,
    op: OpId,
    args: &[&Tensor],
) -> Result<Vec<Tensor>, String> {
    let [operand, source, init] = args else {
        return Err("select_and_scatter takes three operands".to_string());
    };
    let window = Window::read(cx, op, operand.rank())?;
    if window.out_shape(&operand.shape) != source.shape {
        return Err(format!(
            "source shape {:?} does not match the windows of {:?}",
            source.shape, operand.shape
        ));
    }
    let select = Body::new(cx, op, 0)?;
    let scatter = Body::new(cx, op, 1)?;
    let mut result = [filled(init, operand.shape.clone())?];
    let mut at = vec![0usize; source.rank()];
    let mut offsets = Vec::new();
    for si in 0..source.len() {
        window.positions(&operand.shape, &at, &mut offsets);
        let mut chosen: Option<usize> = None;
        for &cand in &offsets {
            chosen = match chosen {
                Some(cur) if select.test(cx, &[(operand, cur), (operand, cand)])? => Some(cur),
                _ => Some(cand),
            };
        }
        if let Some(i) = chosen {
            scatter.fold(cx, &mut result, i, &[source], si)?;
        }
        next_index(&mut at, &source.shape);
    }
    Ok(result.into())
}
